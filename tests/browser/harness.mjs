// What the dashboard's browser tests share: headless Debian chromium with
// the flags this machine's closed network needs, a page that records
// script errors, a named step that counts and screenshots, and a check of
// the editor's text.  harness(prefix) opens the browser; its screenshots
// are named prefix-<step>.png under ARTIFACTS.
import {chromium} from 'playwright-core';
import {mkdirSync} from 'node:fs';
import {join} from 'node:path';
import assert from 'node:assert/strict';

export const BASE = process.env.LAYOUTD_URL || 'http://127.0.0.1:8080';
export const ART = process.env.ARTIFACTS || new URL('./artifacts', import.meta.url).pathname;
export const T = 15000;

export async function harness(prefix) {
	mkdirSync(ART, {recursive: true});
	const browser = await chromium.launch({
		executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
		args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
			'--disable-background-networking', '--disable-component-update', '--disable-sync'],
	});
	const h = {browser, pageErrors: [], passes: 0, failures: 0};
	h.newPage = async () => {
		const ctx = await browser.newContext({viewport: {width: 1400, height: 1000}});
		const page = await ctx.newPage();
		page.setDefaultTimeout(T);
		page.on('pageerror', (e) => h.pageErrors.push(String(e)));
		page.on('console', (m) => {
			if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text()))
				h.pageErrors.push('console: ' + m.text());
		});
		page.on('requestfailed', (r) => h.pageErrors.push('request failed: ' + r.url()));
		return page;
	};
	h.step = async (name, page, fn) => {
		const t0 = Date.now();
		try {
			await fn();
			h.passes++;
			console.log(`ok   ${name} (${Date.now() - t0} ms)`);
		} catch (e) {
			h.failures++;
			console.log(`FAIL ${name}: ${e.stack || e}`);
		} finally {
			if (page) {
				const file = join(ART, prefix + '-' + name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() + '.png');
				await page.screenshot({path: file, fullPage: true}).catch(() => {});
			}
		}
	};
	h.checkNow = async (page) => {
		const before = await page.getByTestId('verdict').getAttribute('data-checks');
		await page.getByTestId('check').click();
		await page.waitForFunction((b) => document.getElementById('verdict').dataset.checks !== (b === null ? undefined : b), before);
	};
	// the closing step (no script errors), the summary line and the exit code
	h.finish = async () => {
		await h.step('no script errors in the page', null, async () => {
			assert.deepEqual(h.pageErrors, []);
		});
		await browser.close();
		console.log(`${h.passes} passed, ${h.failures} failed; screenshots in ${ART}`);
		process.exit(h.failures ? 1 : 0);
	};
	return h;
}
