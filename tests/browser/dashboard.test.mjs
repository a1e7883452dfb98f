// Dashboard tests in a real browser: Debian's chromium driven by
// playwright-core, against a running daemon (tests/browser.sh starts one).
// Env: LAYOUTD_URL, GOLDEN_DIR, CHROMIUM, ARTIFACTS, LAYOUTD_TOKEN (optional),
// LAYOUTD_REGISTRY_REQUIRED=1 to fail instead of skipping when the daemon
// has no registry.
import {chromium} from 'playwright-core';
import {readFileSync, mkdirSync} from 'node:fs';
import {join} from 'node:path';
import assert from 'node:assert/strict';

const BASE = process.env.LAYOUTD_URL || 'http://127.0.0.1:8080';
const GOLDEN = process.env.GOLDEN_DIR || new URL('../golden', import.meta.url).pathname;
const ART = process.env.ARTIFACTS || new URL('./artifacts', import.meta.url).pathname;
const TOKEN = process.env.LAYOUTD_TOKEN || '';
mkdirSync(ART, {recursive: true});

const golden = (name) => JSON.parse(readFileSync(join(GOLDEN, name, 'request.json'), 'utf8'));
const T = 15000;

const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
	args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
		'--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

let failures = 0, passes = 0, skips = 0;
const pageErrors = [];

async function newPage() {
	const ctx = await browser.newContext({viewport: {width: 1400, height: 1000}});
	const page = await ctx.newPage();
	page.setDefaultTimeout(T);
	page.on('pageerror', (e) => pageErrors.push(String(e)));
	// 4xx answers to the API are expected (a refused layout); anything else is not.
	page.on('console', (m) => {
		if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text()))
			pageErrors.push('console: ' + m.text());
	});
	page.on('requestfailed', (r) => pageErrors.push('request failed: ' + r.url()));
	const local = [BASE, process.env.LAYOUTD_URL_READS].filter(Boolean);
	page.on('request', (r) => { if (!local.some((u) => r.url().startsWith(u)) && !/^(data|blob):/.test(r.url())) pageErrors.push('external request: ' + r.url()); });
	return page;
}

async function step(name, page, fn) {
	const t0 = Date.now();
	try {
		await fn();
		passes++;
		console.log(`ok   ${name} (${Date.now() - t0} ms)`);
	} catch (e) {
		failures++;
		console.log(`FAIL ${name}: ${e.stack || e}`);
	} finally {
		if (page) {
			const file = join(ART, name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() + '.png');
			await page.screenshot({path: file, fullPage: true}).catch(() => {});
		}
	}
}

// Checks are asynchronous: wait until the click's own check has finished
// (the verdict panel counts them), so no step reads a previous verdict.
async function checkNow(page) {
	const before = await page.getByTestId('verdict').getAttribute('data-checks');
	await page.getByTestId('check').click();
	await page.waitForFunction((b) => document.getElementById('verdict').dataset.checks !== (b === null ? undefined : b), before);
}
async function pickPreset(page, id) {
	const before = await page.getByTestId('verdict').getAttribute('data-checks');
	await page.getByTestId('preset').selectOption(id);
	await page.waitForFunction((b) => document.getElementById('verdict').dataset.checks !== (b === null ? undefined : b), before);
}
async function enter(page, text, logical, role) {
	await page.getByTestId('editor').fill(text);
	await page.getByTestId('raw-logical').fill(logical || '');
	await page.getByTestId('raw-role').selectOption(role || 'memory');
	await checkNow(page);
}
const status = (page) => page.getByTestId('verdict-status');
const cellCount = (page, id) => page.locator(`[data-testid="${id}"]`).count();

async function waitCells(page, id, n) {
	await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length === n,
		[`[data-testid="${id}"]`, n], {timeout: T}).catch(() => {});
	return cellCount(page, id);
}

async function api(method, path, body, headers) {
	const res = await fetch(BASE + path, {method, headers: Object.assign({'Content-Type': 'application/json'}, headers || {}),
		body: body === undefined ? undefined : JSON.stringify(body)});
	let data = null;
	const text = await res.text();
	try { data = text ? JSON.parse(text) : null; } catch { data = text; }
	return {status: res.status, data};
}

// Boxes of laid-out elements: one inside another, two apart.
const box = (page, sel) => page.locator(sel).first().evaluate((e) => { const r = e.getBoundingClientRect(); return {l: r.left, r: r.right, t: r.top, b: r.bottom}; });
function inside(a, b, what) {
	assert.ok(a.l >= b.l - 0.5 && a.r <= b.r + 0.5 && a.t >= b.t - 0.5 && a.b <= b.b + 0.5,
		`${what}: ${JSON.stringify(a)} is not inside ${JSON.stringify(b)}`);
}
function apart(a, b, what) {
	assert.ok(a.r <= b.l + 0.5 || b.r <= a.l + 0.5 || a.b <= b.t + 0.5 || b.b <= a.t + 0.5,
		`${what}: ${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`);
}
async function grabDownload(page, testid) {
	const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
	return {name: dl.suggestedFilename(), text: readFileSync(await dl.path()).toString('utf8')};
}
// The text of every column header of a view, with its box and its column's.
const headLabels = (page, id) => page.evaluate((id) => [...document.querySelectorAll('#' + id + ' .gr.head .hd.col')].map((el, k) => {
	const c = el.getBoundingClientRect();
	let t = null;
	if (el.firstChild) {
		const rg = document.createRange();
		rg.selectNodeContents(el);
		const r = rg.getBoundingClientRect();
		t = {l: r.left, r: r.right, text: el.textContent};
	}
	return {k, l: c.left, r: c.right, t};
}), id);
function headsApart(heads, what) {
	const shown = heads.filter((x) => x.t && x.t.text);
	assert.ok(shown.length >= 8, `${what}: only ${shown.length} column labels`);
	assert.equal(shown[0].t.text, '0', what);
	for (let n = 0; n < shown.length; n++) {
		const x = shown[n];
		assert.ok(x.t.l >= x.l - 0.5, `${what}: label ${x.t.text} starts left of its column`);
		if (n + 1 < shown.length)
			assert.ok(x.t.r <= shown[n + 1].t.l + 0.5, `${what}: label ${x.t.text} (${x.t.l}-${x.t.r}) overlaps ${shown[n + 1].t.text} (${shown[n + 1].t.l}-${shown[n + 1].t.r})`);
	}
	return shown;
}
const WIDTHS = [1280, 1920];

const page = await newPage();
let sharedUrl = null;

await step('load the page', page, async () => {
	const res = await page.goto(BASE + '/');
	assert.equal(res.status(), 200);
	await page.getByTestId('preset').waitFor();
	assert.match(await page.title(), /layoutd/);
	const opts = await page.locator('[data-testid="preset"] option').count();
	assert.ok(opts >= 11, `presets: ${opts}`);
	// Everything comes from the daemon itself: no request leaves it.
	const urls = await page.evaluate(() => [...document.styleSheets].map((s) => s.href)
		.concat([...document.scripts].map((s) => s.src)).filter(Boolean));
	assert.ok(urls.length >= 2 && urls.every((u) => u.startsWith(BASE + '/')), 'assets from elsewhere: ' + urls);
});

await step('seed dropped-bits preset: FAIL with 48 collisions', page, async () => {
	await pickPreset(page, 'seed-dropped-bits');
	await page.getByTestId('verdict-status').filter({hasText: 'FAIL'}).waitFor();
	const coll = await page.getByTestId('count-collisions').innerText();
	assert.match(coll, /^48\b/, coll);
	assert.match(coll, /offset=0 holds \(i=0, j=0\) \(i=0, j=1\) \(i=1, j=0\) \(i=1, j=1\)/, coll);
	assert.match(await page.getByTestId('count-round_trip').innerText(), /^48\b/);
	assert.match(await page.getByTestId('verdict-reason').innerText(), /not collision_free/);
	assert.equal(await waitCells(page, 'grid-cell', 64), 64);
	assert.equal(await page.locator('[data-testid="grid-cell"][data-state="collision"]').count(), 64);
	// The inverse view: 16 offsets, each holding 4 elements.
	assert.equal(await waitCells(page, 'inverse-cell', 16), 16);
	assert.equal(await page.locator('[data-testid="inverse-cell"][data-state="collision"]').count(), 16);
	// Hovering a collided cell lights up the three others on its place.
	await page.locator('[data-testid="grid-cell"][data-coord="0,0"]').hover();
	await page.getByTestId('tooltip').waitFor({state: 'visible'});
	const tip = await page.getByTestId('tooltip').innerText();
	assert.match(tip, /offset=0/);
	assert.match(tip, /collides with \(i=0, j=1\) \(i=1, j=0\) \(i=1, j=1\)/);
	assert.equal(await page.locator('#grid .c.hl').count(), 3);
	sharedUrl = await page.getByTestId('share-url').inputValue();
	assert.match(sharedUrl, /#layout=[A-Za-z0-9_-]+$/);
});

await step('enter seed axe-shard: PASS, 128 cells, hover (1,3)', page, async () => {
	const req = golden('seed-axe-shard');
	await enter(page, JSON.stringify(req, null, 2));
	await status(page).filter({hasText: 'PASS'}).waitFor();
	assert.match(await page.getByTestId('fact-owners').innerText(), /^64 \(laneid, warpid\), slots 2 each/);
	assert.match(await page.getByTestId('probes').innerText(), /\(i=1, j=3\) → laneid=5 warpid=0 m=1/);
	assert.equal(await waitCells(page, 'grid-cell', 128), 128);
	assert.equal(await page.locator('[data-testid="grid-cell"][data-state]').count(), 0);
	const cell = page.locator('[data-testid="grid-cell"][data-coord="1,3"]');
	assert.equal(await cell.innerText(), '5,0/1');
	await cell.hover();
	const tip = page.getByTestId('tooltip');
	await tip.waitFor({state: 'visible'});
	const text = await tip.innerText();
	assert.match(text, /\(i=1, j=3\)/);
	assert.match(text, /laneid=5 warpid=0 m=1/);
	// Its place is lit in the inverse view (owner × slot: 64 owners × 2 slots).
	assert.equal(await cellCount(page, 'inverse-cell'), 128);
	const lit = page.locator('#inverse .c.hl');
	assert.equal(await lit.count(), 1);
	assert.equal(await lit.getAttribute('data-p'), '5,0,1');
	// Hovering a place shows its element.
	await page.locator('[data-testid="inverse-cell"][data-p="31,1,1"]').hover();
	assert.match(await tip.innerText(), /laneid=31 warpid=1 m=1[\s\S]*\(i=7, j=15\)/);
});

await step('a shared URL reproduces the verdict in a fresh page', null, async () => {
	assert.ok(sharedUrl, 'no shared URL from the dropped-bits step');
	const fresh = await newPage();
	try {
		await fresh.goto(sharedUrl);
		await fresh.getByTestId('verdict-status').filter({hasText: 'FAIL'}).waitFor();
		assert.match(await fresh.getByTestId('count-collisions').innerText(), /^48\b/);
		assert.equal(await waitCells(fresh, 'grid-cell', 64), 64);
		assert.match(await fresh.getByTestId('editor').inputValue(), /\(i \/\/ 2\) \* 4 \+ \(j \/\/ 2\)/);
		await fresh.screenshot({path: join(ART, 'shared-url-fresh-page.png'), fullPage: true});
	} finally {
		await fresh.context().close();
	}
});

await step('a bad layout shows the error with its position', page, async () => {
	await enter(page, JSON.stringify(golden('bad-axe-missing-bracket'), null, 2));
	const err = page.getByTestId('error');
	await err.waitFor({state: 'visible'});
	assert.equal(await page.getByTestId('error-code').innerText(), '[syntax]');
	assert.match(await page.getByTestId('error-detail').innerText(), /expected '\]', found the end of the text at character 48/);
	assert.equal(await page.getByTestId('error-pointer').innerText(), '/layout/axe');
	assert.equal(await page.getByTestId('error-position').innerText(), 'character 48');
	const caret = await page.getByTestId('error-caret').innerText();
	const [line, mark] = caret.split('\n');
	assert.equal(line, 'S[(8, 2, 4, 2):(4@laneid, 1@warpid, 1@laneid, 1)');
	assert.equal(mark.indexOf('^'), 48);
	assert.equal(await status(page).innerText(), 'ERROR');
	assert.ok(await page.locator('#views').isHidden());
});

await step('malformed JSON is located in the editor', page, async () => {
	await enter(page, '{"layout": {"logical": [8, 8], "expr": {"offset": "i"},}}');
	await page.getByTestId('error').waitFor({state: 'visible'});
	assert.equal(await page.getByTestId('error-code').innerText(), '[json_syntax]');
	assert.match(await page.getByTestId('error-caret').innerText(), /\^/);
});

await step('a pasted Axe text with a logical shape', page, async () => {
	await enter(page, 'S[(8, 2, 4, 2) : (4@laneid, 1@warpid, 1@laneid, 1)]', '8,16');
	await status(page).filter({hasText: 'PASS'}).waitFor();
	assert.equal(await waitCells(page, 'grid-cell', 128), 128);
	assert.match(await page.getByTestId('fingerprint').innerText(),
		/^sha256:564352a1c69ca5aa304b5b7725b30f06f16ef2f3b85fe8952857a5aa68c73265$/);
});

await step('a pasted CuTe TV layout (SM80 16x8x16 C)', page, async () => {
	await enter(page, '((4,8),(2,2)):((32,1),(16,8))', '16,8', 'tv');
	assert.equal(await status(page).innerText(), 'PASS');
	assert.match(await page.getByTestId('fact-owners').innerText(), /^32 \(thread\), slots 4 each/);
	assert.equal(await waitCells(page, 'grid-cell', 128), 128);
	// Thread 0 holds (0,0), (0,1), (8,0), (8,1): the CUTLASS C fragment.
	await page.locator('[data-testid="inverse-cell"][data-p="0,2"]').hover();
	assert.match(await page.getByTestId('tooltip').innerText(), /thread=0 value=2[\s\S]*\(i=8, j=0\)/);
});

await step('the value axis of a TV layout is a slot, not memory', page, async () => {
	assert.match(await page.getByTestId('fact-physical').innerText(), /^thread 32 thread, value 4 slot: 128 points/);
});

await step('a TMEM copy atom is judged on the cells it touches: no holes, no yellow', page, async () => {
	await enter(page, 'SM100_TMEM_LOAD_16dp256b1x');
	await status(page).filter({hasText: 'PASS'}).waitFor();
	assert.match(await page.getByTestId('fact-physical').innerText(), /: 128 points \(the TMEM cells: TLane × TCol\)/);
	assert.match(await page.getByTestId('count-holes').getAttribute('class'), /\bok\b/);
	assert.match(await page.getByTestId('count-holes').innerText(), /^0\b/);
	assert.equal(await page.locator('[data-testid="warnings"] li').count(), 0);
});

await step('an algebra expression: its steps and checks beside the grid; an integer-valued one', page, async () => {
	await enter(page, 'logical_divide((4,2,3):(2,1,8), 4:2)');
	await status(page).filter({hasText: 'PASS'}).waitFor();
	assert.equal(await page.getByTestId('algebra-result').innerText(), '((2,2),(2,3)):((4,1),(2,8))');
	assert.equal(await page.locator('[data-testid="algebra-steps"] li[data-op="logical_divide"]').count(), 1);
	assert.match(await page.getByTestId('algebra-steps').innerText(), /✓ R\(c\) = A\(B\(c\)\)/);
	assert.equal(await waitCells(page, 'grid-cell', 24), 24);
	await enter(page, 'max_common_vector((8,16):(16,1), (8,16):(16,1))');
	await status(page).filter({hasText: 'PASS'}).waitFor();
	assert.equal(await page.getByTestId('algebra-result').innerText(), '128');
	assert.match(await page.getByTestId('verdict-reason').innerText(), /no placement/);
});

await step('pasted text is read by the daemon\'s detector, as the command line reads it', page, async () => {
	// a CUTLASS header with its comment: cute, not linear
	await enter(page, '// (T32,V4) -> (M16,N8)\nusing SM80_16x8_Row = Layout<Shape <Shape < _4,_8>,Shape < _2,_2>>,\n'
		+ '                             Stride<Stride<_32,_1>,Stride<_16,_8>>>;', '16,8', 'tv');
	await status(page).filter({hasText: 'PASS'}).waitFor();
	assert.equal(await page.getByTestId('fact-notation').innerText(), 'cute');
	// a CuTe layout whose strides name axes: cute, not axe
	await enter(page, '(_4,_8):(_1@TCol,_1@TLane)');
	await status(page).filter({hasText: 'PASS'}).waitFor();
	assert.equal(await page.getByTestId('fact-notation').innerText(), 'cute');
	assert.match(await page.getByTestId('fact-physical').innerText(), /^TCol 4 .*TLane 8 /);
});

await step('a pasted swizzled layout: CuTe print() form, std::cout form, TVM ComposeLayout', page, async () => {
	await enter(page, 'Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)');
	await status(page).filter({hasText: 'PASS'}).waitFor();
	assert.equal(await waitCells(page, 'grid-cell', 512), 512);
	assert.match(await page.getByTestId('swizzle-bms').innerText(), /^Sw<3,4,3>/);
	assert.match(await page.getByTestId('swizzle-on').innerText(), /byte addresses of 16-bit elements/);
	assert.match(await page.getByTestId('swizzle-elements').innerText(), /^Sw<3,3,3>/);
	assert.equal(await page.getByTestId('swizzle-alignment').innerText(), '1024 bytes');
	assert.equal(await page.locator('[data-testid="swizzle-warnings"] li[data-code="swizzle_base_alignment"]').count(), 1);
	// element (1,0) sits at 72: the byte swizzle on 16-bit elements
	await page.locator('[data-testid="grid-cell"][data-coord="1,0"]').hover();
	await page.getByTestId('tooltip').waitFor({state: 'visible'});
	assert.match(await page.getByTestId('tooltip').innerText(), /m=72\b/);
	await enter(page, 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)');
	await page.locator('[data-testid="swizzle-warnings"] li[data-code="swizzle_above_image"]').waitFor();
	assert.match(await page.getByTestId('swizzle-on').innerText(), /^element offsets/);
	assert.equal(await page.getByTestId('swizzle-alignment').innerText(), 'none (offsets relative to the buffer)');
	await enter(page, 'T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(8, 64):(64, 1)]))', '8,64');
	await status(page).filter({hasText: 'PASS'}).waitFor();
	assert.equal(await page.getByTestId('fact-notation').innerText(), 'axe');
	assert.match(await page.getByTestId('swizzle-bms').innerText(), /^Sw<3,3,3>/);
});

await step('pasted TTGIR: an attribute with the shape field, then an AMD MFMA dump (64 lanes, no 32-lane warning)', page, async () => {
	await enter(page, '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>', '128,64');
	await status(page).filter({hasText: 'PASS'}).waitFor();
	assert.equal(await page.getByTestId('fact-notation').innerText(), 'ttgir');
	assert.match(await page.getByTestId('fact-physical').innerText(), /^register 64 .*, lane 32 .*, warp 4 .*, block 1 /);
	assert.match(await page.getByTestId('fact-owners').innerText(), /^128 \(lane, warp, block\), slots 64 each/);
	assert.equal(await waitCells(page, 'grid-cell', 8192), 8192);
	await enter(page, '#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>\n'
		+ '%0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>');
	await status(page).filter({hasText: 'PASS'}).waitFor();
	assert.match(await page.getByTestId('fact-physical').innerText(), /lane 64 /);
	assert.equal(await page.getByTestId('warnings').count(), 0);
	assert.equal(await waitCells(page, 'grid-cell', 4096), 4096);
});

await step('a CuTe TV layout pasted as memory is flagged, and re-checked as tv', page, async () => {
	await enter(page, 'Layout<Shape<Shape<_4,_8>,Shape<_2,_2>>, Stride<Stride<_32,_1>,Stride<_16,_8>>>', '16,8', 'memory');
	const w = page.getByTestId('tv-warning');
	await w.waitFor();
	assert.match(await w.innerText(), /thread-value layout \(32 threads × 4 values\) checked as memory/);
	const before = await page.getByTestId('verdict').getAttribute('data-checks');
	await page.getByTestId('tv-warning-fix').click();
	await page.waitForFunction((b) => document.getElementById('verdict').dataset.checks !== b, before);
	assert.equal(await page.getByTestId('raw-role').inputValue(), 'tv');
	assert.match(await page.getByTestId('fact-owners').innerText(), /^32 \(thread\), slots 4 each/);
	assert.equal(await page.getByTestId('tv-warning').count(), 0);
	// a memory layout of the same text shape but no warp-sized first mode is not flagged
	await enter(page, '(8,16):(16,1)', '', 'memory');
	assert.equal(await page.getByTestId('tv-warning').count(), 0);
});

await step('click a thread: all its values light up; the colour legend lists the owners', page, async () => {
	await enter(page, '((4,8),(2,2)):((32,1),(16,8))', '16,8', 'tv');
	assert.equal(await waitCells(page, 'grid-cell', 128), 128);
	assert.equal(await page.getByTestId('legend-item').count(), 32);
	assert.match(await page.getByTestId('owner-legend').innerText(), /^colour = owner \(thread\):\s*thread=0\s/);
	assert.doesNotMatch(await page.getByTestId('owner-legend').innerText(), /null|undefined/);
	// element (0,0) belongs to thread 0, which holds (0,0), (0,1), (8,0), (8,1)
	await page.locator('[data-testid="grid-cell"][data-coord="0,0"]').click();
	assert.equal(await page.locator('.c.ownerlit').count(), 4);
	const lit = await page.locator('.c.ownerlit').evaluateAll((els) => els.map((e) => e.dataset.coord).sort());
	assert.deepEqual(lit, ['0,0', '0,1', '8,0', '8,1']);
	assert.match(await page.getByTestId('owner-selection').innerText(), /^thread=0: 4 elements lit/);
	await page.locator('[data-testid="grid-cell"][data-coord="0,0"]').click();
	assert.equal(await page.locator('.c.ownerlit').count(), 0);
	await page.locator('[data-testid="legend-item"][data-owner="5"]').click();
	assert.equal(await page.locator('.c.ownerlit').count(), 4);
});

await step('export the grid as SVG, PNG and TikZ', page, async () => {
	const grab = async (id) => {
		const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId(id).click()]);
		return {name: dl.suggestedFilename(), data: readFileSync(await dl.path())};
	};
	const svg = await grab('export-svg');
	assert.match(svg.name, /^layout-[0-9a-f]{12}\.svg$/);
	const text = svg.data.toString('utf8');
	assert.match(text, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
	assert.equal((text.match(/<g data-state=/g) || []).length, 128);
	const png = await grab('export-png');
	assert.match(png.name, /\.png$/);
	assert.deepEqual([...png.data.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
	const tikz = (await grab('export-tikz')).data.toString('utf8');
	assert.match(tikz, /\\begin\{tikzpicture\}/);
	assert.equal((tikz.match(/\\node\[fill=/g) || []).length, 128);
	assert.match(tikz, /\\node\[fill=lay\d+, draw=black\] at \(0,0\) \{\\texttt\{0\/0\}\};/);
});

await step('broken CUTLASS preset: unplaced elements hatched', page, async () => {
	await pickPreset(page, 'cutlass-sm80-16x8x32-s4-b-before-pr3140');
	await status(page).filter({hasText: 'FAIL'}).waitFor();
	assert.match(await page.getByTestId('count-unplaced').innerText(), /^96\b[\s\S]*\(i=0, j=20\) has no place/);
	assert.equal(await waitCells(page, 'grid-cell', 256), 256);
	assert.equal(await page.locator('[data-testid="grid-cell"][data-state="unplaced"]').count(), 96);
	// Replicated elements carry their fan-out.
	const rep = page.locator('[data-testid="grid-cell"][data-coord="0,4"]');
	assert.equal(await rep.getAttribute('data-rep'), '×2');
	await rep.hover();
	const tip = await page.getByTestId('tooltip').innerText();
	assert.match(tip, /2 places[\s\S]*thread=0 value=4[\s\S]*thread=1 value=0/);
	assert.equal(await page.locator('#inverse .c.hl').count(), 2);
});

await step('padding preset: holes in the inverse view', page, async () => {
	await pickPreset(page, 'seed-padding');
	await status(page).filter({hasText: 'PASS'}).waitFor();
	assert.match(await page.getByTestId('count-holes').innerText(), /^16\b/);
	assert.equal(await waitCells(page, 'inverse-cell', 80), 80);
	assert.equal(await page.locator('[data-testid="inverse-cell"][data-state="hole"]').count(), 16);
});

await step('every preset checks and draws one cell per element', page, async () => {
	const ids = await page.locator('[data-testid="preset"] option').evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
	for (const id of ids) {
		await pickPreset(page, id);
		const size = await page.evaluate(() => cur && cur.a.logical.size);
		assert.ok(size > 0, id);
		assert.equal(await waitCells(page, 'grid-cell', size), size, id);
	}
});

await step('bank view: the 32-way column read, another wavefront, the suggested swizzle', page, async () => {
	await pickPreset(page, 'access-fp32-column-32way');
	await page.getByTestId('banks').waitFor({state: 'visible'});
	const sum = await page.getByTestId('bank-summary').innerText();
	assert.match(sum, /1024 wavefronts \(ideal 32\), 31 bank conflicts, at worst 32-way/, sum);
	// instruction 0 reads column 0: 32 words, all in bank 0, marked
	assert.equal(await page.locator('[data-testid="bank-cell"]').count(), 32);
	assert.equal(await page.locator('[data-testid="bank-cell"][data-bank="0"]').count(), 32);
	assert.deepEqual(await page.locator('[data-testid="bank-head"].conflict').evaluateAll((e) => e.map((x) => x.dataset.bank)), ['0']);
	assert.match(await page.locator('[data-testid="bank-cell"][data-word="32"]').getAttribute('title'), /lane 1 \(i=1, j=0\)/);
	// another instruction: column 5 in bank 5
	await page.getByTestId('bank-instruction').fill('5');
	await page.getByTestId('bank-show').click();
	await page.getByTestId('bank-summary').filter({hasText: 'instruction 5'}).waitFor();
	assert.equal(await page.locator('[data-testid="bank-cell"][data-bank="5"]').count(), 32);
	// the swizzle: one word per bank, compared with the layout as written
	await page.getByTestId('bank-swizzle').click();
	await page.getByTestId('bank-compare').waitFor({state: 'visible'});
	const cmp = await page.getByTestId('bank-compare').innerText();
	assert.match(cmp, /Sw<5,0,5> on element offsets \(Sw<5,2,5> on bytes\): 1024 → 32 wavefronts, 31 → 0 bank conflicts, at worst 32-way → 1-way \(conflict-free\)/, cmp);
	await page.getByTestId('bank-summary').filter({hasText: 'with Sw<5,0,5>'}).waitFor();
	assert.equal(await page.locator('[data-testid="bank-head"].conflict').count(), 0);
	assert.equal(await page.locator('[data-testid="bank-cell"]').count(), 32);
	assert.equal(new Set(await page.locator('[data-testid="bank-cell"]').evaluateAll((e) => e.map((x) => x.dataset.bank))).size, 32);
	await page.getByTestId('bank-original').click();
	assert.equal(await page.locator('[data-testid="bank-head"].conflict').count(), 1);
});

await step('AMD banks, global sectors and a conversion', page, async () => {
	await pickPreset(page, 'access-gfx942-128bit-store');
	await page.getByTestId('bank-summary').filter({hasText: 'gfx942 store'}).waitFor();
	const sum = await page.getByTestId('bank-summary').innerText();
	assert.match(sum, /8 lanes per wavefront: 16 wavefronts \(ideal 8\), 1 bank conflicts, at worst 2-way/, sum);
	assert.equal(await page.locator('[data-testid="bank-head"]').count(), 32);
	await pickPreset(page, 'global-f32-misaligned');
	await page.getByTestId('sectors').waitFor({state: 'visible'});
	assert.ok(await page.getByTestId('banks').isHidden());
	const gs = await page.getByTestId('sector-summary').innerText();
	assert.match(gs, /5 sectors \(ideal 4\), 2 lines, efficiency 80\.0%/, gs);
	assert.equal(await page.locator('[data-testid="sector-row"]').count(), 5);
	assert.match(await page.locator('[data-testid="sector-row"][data-sector="0"]').innerText(), /4–31/);
	await pickPreset(page, 'convert-blocked-transpose');
	await page.getByTestId('convert').waitFor({state: 'visible'});
	const cs = await page.getByTestId('convert-summary').innerText();
	assert.match(cs, /^shared_memory: .*240 elements change lane, 0 change warp, 3 mixed transpositions; .*store 0, load 0 bank conflicts/, cs);
	assert.equal(await page.locator('[data-testid="convert-row"]').count(), 8);
	assert.ok(await page.getByTestId('sectors').isHidden());
	await page.screenshot({path: join(ART, 'convert.png'), fullPage: true});
});

await step('a large layout is paged, not frozen', page, async () => {
	await enter(page, JSON.stringify({layout: {logical: [256, 256], expr: {thread: 'i % 128', slot: 'j + 256 * (i // 128)'}}}));
	await status(page).filter({hasText: 'PASS'}).waitFor();
	const n = await waitCells(page, 'grid-cell', 16384);
	assert.equal(n, 16384);
	assert.match(await page.getByTestId('grid-page').innerText(), /page 1 of 4/);
	await page.getByTestId('grid-next').click();
	await page.getByTestId('grid-page').filter({hasText: 'page 2 of 4'}).waitFor();
	assert.equal(await page.locator('[data-testid="grid-cell"]').first().getAttribute('data-coord'), '64,0');
	// The page still answers (no wall-clock bound: a loaded CI machine
	// must not turn a slow run into a failure).
	assert.equal(await page.evaluate(() => 1 + 1), 2);
});

await step('a very large layout is paged from the server', page, async () => {
	await enter(page, JSON.stringify({layout: {logical: [512, 512], expr: {thread: 'i % 128', slot: 'j + 512 * (i // 128)'}}}));
	await status(page).filter({hasText: 'PASS'}).waitFor();
	await page.getByTestId('grid-page').filter({hasText: 'table rows 0–16384 of 262144'}).waitFor();
	assert.equal(await waitCells(page, 'grid-cell', 16384), 16384);
	assert.ok(await cellCount(page, 'inverse-cell') <= 16384 + 512);
	await page.getByTestId('grid-next').click();
	await page.getByTestId('grid-page').filter({hasText: 'table rows 16384–32768'}).waitFor();
	assert.equal(await page.locator('[data-testid="grid-cell"]').first().getAttribute('data-coord'), '32,0');
	await page.locator('[data-testid="grid-cell"][data-coord="33,5"]').hover();
	assert.match(await page.getByTestId('tooltip').innerText(), /\(i=33, j=5\)[\s\S]*thread=33 slot=5/);
	await page.getByTestId('grid-prev').click();
	await page.getByTestId('grid-page').filter({hasText: 'table rows 0–16384'}).waitFor();
});

await step('at 1280 and 1920 wide: the preset list stays in its card, a 64×128 grid\'s column headers do not overlap', page, async () => {
	for (const w of WIDTHS) {
		await page.setViewportSize({width: w, height: 1000});
		inside(await box(page, '[data-testid="preset"]'), await box(page, '#editor-form'), `${w}: the preset list`);
		await enter(page, JSON.stringify({layout: {logical: [64, 128], expr: {thread: 'i', slot: 'j'}}}));
		await status(page).filter({hasText: 'PASS'}).waitFor();
		assert.equal(await waitCells(page, 'grid-cell', 8192), 8192);
		const shown = headsApart(await headLabels(page, 'grid'), `${w}: grid headers`);
		assert.ok(shown.length < 128, `${w}: the labels are thinned at this zoom (${shown.length})`);
		headsApart(await headLabels(page, 'inverse'), `${w}: inverse headers`);
		// the rows are as tall as the cells: row headers do not stretch them
		const [r0, r1] = await page.locator('#grid .gr:not(.head) .hd.row').evaluateAll((els) => els.slice(0, 2).map((e) => e.getBoundingClientRect().top));
		const cellH = await page.locator('[data-testid="grid-cell"]').first().evaluate((e) => e.getBoundingClientRect().height);
		assert.ok(r1 - r0 <= cellH + 1.5, `${w}: rows ${r1 - r0} px apart for ${cellH} px cells`);
		await page.screenshot({path: join(ART, `grid-64x128-${w}.png`)});
		// zoomed in, every column has its label, still apart
		await page.getByTestId('zoom').fill('64');
		assert.equal(headsApart(await headLabels(page, 'grid'), `${w}: zoomed`).length, 128);
	}
	await page.setViewportSize({width: 1400, height: 1000});
});

await step('at 1280 and 1920 wide: a 128×256 tile\'s grid.svg downloads the window of the page on screen', page, async () => {
	for (const w of WIDTHS) {
		await page.setViewportSize({width: w, height: 1000});
		await enter(page, JSON.stringify({layout: {logical: [128, 256], expr: {thread: 'i', slot: 'j'}}}));
		await status(page).filter({hasText: 'PASS'}).waitFor();
		assert.equal(await waitCells(page, 'grid-cell', 16384), 16384);
		assert.equal(await page.getByTestId('download-svg').innerText(), 'grid.svg (rows 0–63)');
		inside(await box(page, '[data-testid="download-svg"]'), await box(page, '.verdict-card'), `${w}: the grid.svg link`);
		let svg = await grabDownload(page, 'download-svg');
		assert.match(svg.name, /^layout-[0-9a-f]{12}-r0-c0\.svg$/);
		assert.match(svg.text, /^<\?xml[\s\S]*<svg /);
		assert.equal((svg.text.match(/class="cell"/g) || []).length, 16384);
		assert.match(svg.text, /rows 0-63, columns 0-255 of 128×256/);
		await page.getByTestId('grid-next').click();
		await page.getByTestId('download-svg').filter({hasText: 'rows 64–127'}).waitFor();
		svg = await grabDownload(page, 'download-svg');
		assert.match(svg.text, /rows 64-127, columns 0-255 of 128×256/);
		assert.match(svg.text, /<g class="cell" data-e="16384"><title>\(i=64, j=0\) at 64\/0</);
	}
	await page.setViewportSize({width: 1400, height: 1000});
});

await step('a shared-memory layout is coloured by bank, and the legend says so', page, async () => {
	await enter(page, '#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>\n'
		+ '%0 = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>');
	await status(page).filter({hasText: 'PASS'}).waitFor();
	assert.equal(await waitCells(page, 'grid-cell', 2048), 2048);
	assert.equal(await page.getByTestId('legend-what').innerText(),
		'colour = bank (offset × 16 bits / 32 mod 32; element width: the TTGIR element type), label = offset:');
	assert.match(await page.getByTestId('grid-sub').innerText(), /shared-memory layout; colour = bank/);
	assert.equal(await page.getByTestId('legend-item').count(), 32);
	const cell = (rc) => page.locator(`[data-testid="grid-cell"][data-coord="${rc}"]`);
	const bg = (rc) => cell(rc).evaluate((e) => e.style.background);
	// f16: two offsets per 32-bit bank word; row 1's phase 1 moves (1,0) to offset 72, bank 4 — as (0,8)
	assert.equal(await bg('0,2'), await bg('0,3'));
	assert.notEqual(await bg('0,0'), await bg('0,2'));
	assert.equal(await cell('1,0').innerText(), '72');
	assert.equal(await bg('1,0'), await bg('0,8'));
	assert.notEqual(await bg('1,0'), await bg('1,8'));
	await cell('1,0').hover();
	assert.match(await page.getByTestId('tooltip').innerText(), /offset=72 block=0\s+bank 4/);
	await page.locator('[data-testid="legend-item"][data-owner="4"]').click();
	assert.equal(await page.locator('.c.ownerlit').count(), 64);
	// the inverse view: offsets wrapped at one 128-byte line (64 f16) per row
	assert.equal(await waitCells(page, 'inverse-cell', 2048), 2048);
	assert.equal(await page.getByTestId('wrap').inputValue(), '64');
	assert.match(await page.locator('#inv-sub').innerText(), /^offset by rows of 64 \(128 bytes\)/);
	assert.equal(await page.locator('#inverse .gr:not(.head)').count(), 32);
	await page.locator('[data-testid="inverse-cell"][data-p="72,0"]').hover();
	assert.match(await page.getByTestId('tooltip').innerText(), /offset=72 block=0[\s\S]*\(dim0=1, dim1=0\)/);
	// without a known element width, 32 bits
	await enter(page, JSON.stringify({layout: {logical: [8, 64], expr: {offset: 'i * 64 + j'}}}));
	assert.match(await page.getByTestId('legend-what').innerText(), /offset × 32 bits \/ 32 mod 32; element width: unknown, 32 bits assumed/);
	assert.equal(await bg('0,3'), await bg('1,3'));
	assert.notEqual(await bg('0,3'), await bg('0,4'));
	// a layout with owners keeps its owner colours
	await enter(page, '((4,8),(2,2)):((32,1),(16,8))', '16,8', 'tv');
	assert.match(await page.getByTestId('owner-legend').innerText(), /^colour = owner \(thread\)/);
});

/* ---- the registry ---- */
const probe = await api('GET', '/v1/layouts?limit=1');
if (probe.status === 404 && process.env.LAYOUTD_REGISTRY_REQUIRED !== '1') {
	skips++;
	console.log('SKIP registry steps: this daemon has no registry (' + JSON.stringify(probe.data && probe.data.detail) + ')');
} else {
	const name = 'browser-test-' + Date.now().toString(36);
	const auth = TOKEN ? {Authorization: 'Bearer ' + TOKEN} : {};
	await step('register a layout over the API, then open it in the registry', page, async () => {
		const v1 = await api('PUT', '/v1/layouts/' + name,
			{layout: golden('seed-gemm-fragment-8x8').layout, description: 'gemm fragment 8x8'}, auth);
		assert.equal(v1.status, 201, JSON.stringify(v1.data));
		if (TOKEN) {
			const anon = await api('PUT', '/v1/layouts/' + name, {layout: golden('seed-transpose').layout});
			assert.equal(anon.status, 401, 'a write without a token: ' + anon.status);
		}
		await page.getByTestId('tab-registry').click();
		await page.getByTestId('registry-search').fill(name);
		await page.getByTestId('registry-search-btn').click();
		const entry = page.locator(`[data-testid="registry-entry"][data-name="${name}"]`);
		await entry.click();
		await page.getByTestId('registry-detail-name').filter({hasText: name + '@1'}).waitFor();
		assert.equal(await page.getByTestId('registry-verdict').innerText(), 'PASS');
	});

	await step('register a second version from the editor with the token', page, async () => {
		await page.getByTestId('tab-check').click();
		await enter(page, JSON.stringify({layout: golden('seed-transpose').layout}));
		await status(page).filter({hasText: 'PASS'}).waitFor();
		await page.getByTestId('tab-registry').click();
		await page.getByTestId('register-name').fill(name);
		await page.getByTestId('register-description').fill('now a transpose');
		await page.getByTestId('register-token').fill(TOKEN);
		await page.getByTestId('register-submit').click();
		// the transpose places differently from v1: warned first, registered on the second press
		const warn = page.getByTestId('register-warning');
		await warn.waitFor();
		assert.match(await warn.innerText(), new RegExp(name + '@1 is the latest version[\\s\\S]*the placement changes'));
		assert.equal(await page.getByTestId('register-submit').innerText(), 'Register anyway');
		assert.equal((await api('GET', '/v1/layouts/' + name)).data.version, 1, 'nothing registered yet');
		await page.getByTestId('register-submit').click();
		await page.getByTestId('register-ok').filter({hasText: name + '@2'}).waitFor();
		assert.ok(await warn.isHidden());
		await page.getByTestId('registry-detail-name').filter({hasText: name + '@2'}).waitFor();
		assert.equal(await page.locator('[data-testid="registry-version"]').count(), 2);
	});

	await step('at 1280 and 1920 wide: a 100-character name stays inside the list card', page, async () => {
		const long = 'n'.repeat(60) + '-' + Date.now().toString(36).padStart(39, 'x');
		assert.equal(long.length, 100);
		const put = await api('PUT', '/v1/layouts/' + long, {layout: golden('seed-transpose').layout, description: 'a name of 100 characters'}, auth);
		assert.equal(put.status, 201, JSON.stringify(put.data));
		for (const w of WIDTHS) {
			await page.setViewportSize({width: w, height: 1000});
			await page.getByTestId('registry-search').fill('nnnn');
			await page.getByTestId('registry-search-btn').click();
			const entry = page.locator(`[data-testid="registry-entry"][data-name="${long}"]`);
			await entry.click();
			await page.getByTestId('registry-detail-name').filter({hasText: long + '@1'}).waitFor();
			const card = await page.locator('[data-testid="registry-list"]').evaluate((t) => { const r = t.closest('.card').getBoundingClientRect(); return {l: r.left, r: r.right, t: r.top, b: r.bottom}; });
			const detail = await box(page, '[data-testid="registry-detail"]');
			inside(await box(page, '[data-testid="registry-list"]'), card, `${w}: the list table`);
			inside(await entry.evaluate((e) => { const r = e.getBoundingClientRect(); return {l: r.left, r: r.right, t: r.top, b: r.bottom}; }), card, `${w}: the long name`);
			apart(card, detail, `${w}: the list card and the detail card`);
			inside(await box(page, '[data-testid="registry-detail-name"]'), detail, `${w}: the detail's name`);
			inside(await box(page, '[data-testid="register-form"]'), card, `${w}: the register form`);
			await page.screenshot({path: join(ART, `registry-long-name-${w}.png`)});
		}
		await page.setViewportSize({width: 1400, height: 1000});
		await page.getByTestId('registry-search').fill(name);
		await page.getByTestId('registry-search-btn').click();
		await page.locator(`[data-testid="registry-entry"][data-name="${name}"]`).click();
		await page.getByTestId('registry-detail-name').filter({hasText: name + '@2'}).waitFor();
	});

	await step('compare two versions', page, async () => {
		await page.getByTestId('compare-a').selectOption('1');
		await page.getByTestId('compare-b').selectOption('2');
		await page.getByTestId('compare').click();
		const s = page.getByTestId('compare-summary');
		await s.waitFor();
		assert.match(await s.innerText(), /v1 and v2 differ: \d+ elements placed differently/);
	});

	await step('open a registry version in the editor and follow its URL', page, async () => {
		await page.locator('[data-testid="registry-version"][data-version="1"]').click();
		await page.getByTestId('registry-detail-name').filter({hasText: name + '@1'}).waitFor();
		await page.getByTestId('registry-open').click();
		/* the editor showed a PASS before: wait for the registry version itself */
		await page.getByTestId('registry-banner').filter({hasText: name + '@1'}).waitFor();
		await status(page).filter({hasText: 'PASS'}).waitFor();
		await page.waitForFunction((want) => document.querySelector('[data-testid="share-url"]').value.endsWith(want),
			'#registry=' + name + '@1');
		assert.match(await page.getByTestId('registry-banner').innerText(), new RegExp(name + '@1'));
		assert.match(await page.getByTestId('fact-owners').innerText(), /^32 \(thread\), slots 2 each/);
		const url = await page.getByTestId('share-url').inputValue();
		assert.ok(url.endsWith('#registry=' + name + '@1'), url);
		const fresh = await newPage();
		try {
			await fresh.goto(url);
			await fresh.getByTestId('verdict-status').filter({hasText: 'PASS'}).waitFor();
			assert.match(await fresh.getByTestId('fact-owners').innerText(), /^32 \(thread\), slots 2 each/);
			assert.equal(await waitCells(fresh, 'grid-cell', 64), 64);
			await fresh.screenshot({path: join(ART, 'registry-url-fresh-page.png'), fullPage: true});
		} finally {
			await fresh.context().close();
		}
	});

	await step('a request with access, expect, probe and suggest: registered and opened with its checks', page, async () => {
		const sw = name + '-sw128';
		const req = {
			layout: {logical: [8, 64], expr: {offset: '(i * 64 + j) ^ ((((i * 64 + j) >> 6) & 7) << 3)'}},
			access: {threads: {logical: [8, 64], expr: {laneid: 'i + 8 * ((j // 8) % 4)', register: 'j % 8 + 8 * (j // 32)'}}, element_bits: 16},
			expect: {bank_conflicts: 0, vector_bits: 128},
			probe: [[1, 0]],
			suggest: 'swizzle',
		};
		await page.getByTestId('tab-check').click();
		await enter(page, JSON.stringify(req));
		await status(page).filter({hasText: 'PASS'}).waitFor();
		await page.getByTestId('tab-registry').click();
		await page.getByTestId('register-name').fill(sw);
		await page.getByTestId('register-description').fill('');
		await page.getByTestId('register-token').fill(TOKEN);
		await page.getByTestId('register-submit').click();
		await page.getByTestId('register-ok').filter({hasText: sw + '@1'}).waitFor();
		const v = await api('GET', '/v1/layouts/' + sw + '/versions/1');
		assert.equal(v.status, 200);
		assert.deepEqual(v.data.checks, {expect: req.expect, access: req.access, probe: req.probe, suggest: req.suggest});
		await page.getByTestId('registry-detail-name').filter({hasText: sw + '@1'}).waitFor();
		await page.getByTestId('registry-open').click();
		await page.getByTestId('registry-banner').filter({hasText: sw + '@1'}).waitFor();
		await status(page).filter({hasText: 'PASS'}).waitFor();
		const opened = JSON.parse(await page.getByTestId('editor').inputValue());
		assert.deepEqual(opened, req, 'the editor holds the request that was registered');
		/* registered again from the editor as it was opened: the same version */
		await page.getByTestId('tab-registry').click();
		await page.getByTestId('register-name').fill(sw);
		await page.getByTestId('register-submit').click();
		await page.getByTestId('register-ok').filter({hasText: 'Unchanged: the definition is already ' + sw + '@1'}).waitFor();
	});
}

/* ---- a daemon that wants a token for reads too ---- */
if (process.env.LAYOUTD_URL_READS && TOKEN) {
	await step('with --require-token-for-reads: refused without the token, checked with it', null, async () => {
		const p2 = await newPage();
		try {
			await p2.goto(process.env.LAYOUTD_URL_READS);
			await p2.getByTestId('editor').waitFor();
			await checkNow(p2);
			assert.equal(await p2.getByTestId('verdict-status').innerText(), 'ERROR');
			assert.match(await p2.getByTestId('error').innerText(), /paste one in the Token field/);
			await p2.getByTestId('token').fill(TOKEN);
			await checkNow(p2);
			assert.equal(await p2.getByTestId('verdict-status').innerText(), 'PASS');
			assert.equal(await waitCells(p2, 'grid-cell', 128), 128);
			await p2.getByTestId('tab-registry').click();
			await p2.getByTestId('registry-search-btn').click();
			await p2.locator('[data-testid="registry-entry"]').first().waitFor();
			assert.equal(await p2.getByTestId('register-token').inputValue(), TOKEN, 'one token for the whole page');
			await p2.screenshot({path: join(ART, 'token-for-reads.png'), fullPage: true});
			// the downloads carry the token too: real SVG and CSV, not a 401
			await p2.getByTestId('tab-check').click();
			const svg = await grabDownload(p2, 'download-svg');
			assert.match(svg.text, /^<\?xml[\s\S]*<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
			assert.equal((svg.text.match(/class="cell"/g) || []).length, 128);
			const csv = await grabDownload(p2, 'download-csv');
			assert.match(csv.name, /\.csv$/);
			const lines = csv.text.trim().split('\n');
			assert.equal(lines[0], 'i,j,laneid,warpid,m');
			assert.equal(lines.length, 129);
			assert.ok(lines.includes('1,3,5,0,1'), 'element (1,3) at laneid=5 warpid=0 m=1');
			assert.equal(await p2.getByTestId('error').isHidden(), true);
			// where the token is kept is said beside the field; forgetting clears it
			assert.match(await p2.getByTestId('token-note').innerText(), /kept in this tab's session storage only/);
			const tokenBox = await box(p2, '[data-testid="token"]'), note = await box(p2, '[data-testid="token-note"]');
			assert.ok(note.l >= tokenBox.r - 0.5 && note.l - tokenBox.r < 40 && note.t < tokenBox.b && note.b > tokenBox.t, 'the note is beside the field');
			assert.equal(await p2.evaluate(() => sessionStorage.getItem('layoutd-token')), TOKEN);
			await p2.getByTestId('token-forget').click();
			assert.equal(await p2.evaluate(() => sessionStorage.getItem('layoutd-token')), null);
			assert.equal(await p2.getByTestId('token').inputValue(), '');
			assert.equal(await p2.getByTestId('register-token').inputValue(), '');
			assert.match(await p2.getByTestId('token-note').innerText(), /forgotten/);
			await p2.reload();
			await p2.getByTestId('editor').waitFor();
			assert.equal(await p2.getByTestId('token').inputValue(), '', 'nothing comes back after a reload');
			await checkNow(p2);
			assert.equal(await p2.getByTestId('verdict-status').innerText(), 'ERROR');
		} finally {
			await p2.context().close();
		}
	});
}

await step('no script errors in the page', null, async () => {
	assert.deepEqual(pageErrors, []);
});

await browser.close();
console.log(`${passes} passed, ${failures} failed, ${skips} skipped; screenshots in ${ART}`);
process.exit(failures ? 1 : 0);
