// Dashboard views in a real browser, beside dashboard.test.mjs: the algebra
// steps and the tiles of a divide, the TMEM view, the bank view per target
// and the conversion's lane-to-lane view.  Same environment as
// dashboard.test.mjs (tests/browser.sh starts the daemon).
//
// Expected numbers come from outside the engine: pycute (cutlass
// python/pycute) for the algebra, the PTX sub-partition rule and the
// CUTLASS atom table of docs/tmem.md for TMEM, Triton's blocked-layout
// definition for the conversion, docs/access.md's target table for banks.
import {harness, BASE, ART, T} from './harness.mjs';
import {join} from 'node:path';
import assert from 'node:assert/strict';

const WIDTHS = [1280, 1920];

const {newPage, step, checkNow, finish} = await harness('views');
async function enter(page, text, logical, role) {
	await page.getByTestId('editor').fill(text);
	await page.getByTestId('raw-logical').fill(logical || '');
	await page.getByTestId('raw-role').selectOption(role || 'memory');
	await checkNow(page);
}
async function pickPreset(page, id) {
	const before = await page.getByTestId('verdict').getAttribute('data-checks');
	await page.getByTestId('preset').selectOption(id);
	await page.waitForFunction((b) => document.getElementById('verdict').dataset.checks !== (b === null ? undefined : b), before);
}
const count = (page, sel) => page.locator(sel).count();
async function waitCount(page, sel, n) {
	await page.waitForFunction(([s, n]) => document.querySelectorAll(s).length === n, [sel, n], {timeout: T}).catch(() => {});
	return count(page, sel);
}
const texts = (page, sel) => page.locator(sel).evaluateAll((els) => els.map((e) => e.textContent));
const numsSorted = (xs) => xs.map(Number).sort((a, b) => a - b);
const rect = (page, sel) => page.locator(sel).first().evaluate((e) => { const r = e.getBoundingClientRect(); return {l: r.left, r: r.right, t: r.top, b: r.bottom}; });
function inside(a, b, what) {
	assert.ok(a.l >= b.l - 0.5 && a.r <= b.r + 0.5 && a.t >= b.t - 0.5 && a.b <= b.b + 0.5,
		`${what}: ${JSON.stringify(a)} is not inside ${JSON.stringify(b)}`);
}
/* no two of the boxes overlap */
async function noOverlap(page, sel, what) {
	const boxes = await page.locator(sel).evaluateAll((els) => els.filter((e) => e.offsetParent).map((e) => { const r = e.getBoundingClientRect(); return {l: r.left, r: r.right, t: r.top, b: r.bottom, id: e.id || e.dataset.testid}; }));
	for (let i = 0; i < boxes.length; i++)
		for (let j = i + 1; j < boxes.length; j++) {
			const a = boxes[i], b = boxes[j];
			assert.ok(a.r <= b.l + 0.5 || b.r <= a.l + 0.5 || a.b <= b.t + 0.5 || b.b <= a.t + 0.5,
				`${what}: ${a.id} ${JSON.stringify(a)} overlaps ${b.id} ${JSON.stringify(b)}`);
		}
	return boxes.length;
}

const page = await newPage();
await page.goto(BASE + '/');
await page.getByTestId('preset').waitFor();

// pycute: logical_divide(Layout((4,2,3),(2,1,8)), Layout(4,2)) is
// ((2,2),(2,3)):((4,1),(2,8)); its tile j (the rest coordinate) holds
// R((i, j)) for i in 0..3.
const PYCUTE_TILES = [[0, 4, 1, 5], [2, 6, 3, 7], [8, 12, 9, 13], [10, 14, 11, 15], [16, 20, 17, 21], [18, 22, 19, 23]];
let algebraUrl = null;

await step('algebra: a divide\'s step drawn beside the grid, the grid coloured by tile', page, async () => {
	await enter(page, 'logical_divide((4,2,3):(2,1,8), 4:2)');
	await page.getByTestId('verdict-status').filter({hasText: 'PASS'}).waitFor();
	assert.equal(await waitCount(page, '[data-testid="alg-step-cell"]', 24), 24);
	assert.equal(await count(page, '[data-testid="alg-step"][data-op="logical_divide"]'), 1);
	assert.equal(await page.getByTestId('alg-step-result').innerText(), '((2,2),(2,3)):((4,1),(2,8))');
	// the step's own grid: offsets R(i, j), its cells tiled alike
	assert.equal(await page.locator('[data-testid="alg-step-cell"][data-coord="1,0"]').innerText(), '4');
	assert.equal(await page.locator('[data-testid="alg-step-cell"][data-coord="2,3"]').innerText(), '11');
	assert.equal(await page.locator('[data-testid="alg-step-cell"][data-coord="2,3"]').getAttribute('data-tile'), '3');
	// the final grid: six tiles, each the offsets pycute gives
	assert.equal(await waitCount(page, '[data-testid="grid-cell"][data-tile]', 24), 24);
	assert.equal(await count(page, '#owner-legend [data-testid="legend-item"][data-tile]'), 6);
	assert.match(await page.getByTestId('legend-what').innerText(), /colour = tile \(6 tiles/);
	for (let t = 0; t < 6; t++) {
		const offs = await texts(page, `[data-testid="grid-cell"][data-tile="${t}"]`);
		assert.deepEqual(numsSorted(offs), numsSorted(PYCUTE_TILES[t]), `tile ${t}`);
	}
	const bg = (t) => page.locator(`[data-testid="grid-cell"][data-tile="${t}"]`).first().evaluate((e) => e.style.background);
	assert.notEqual(await bg(0), await bg(1));
	// a key lights its tile
	await page.locator('#owner-legend [data-testid="legend-item"][data-tile="2"]').click();
	assert.deepEqual(numsSorted(await page.locator('#grid .c.ownerlit').evaluateAll((els) => els.map((e) => e.textContent))), numsSorted(PYCUTE_TILES[2]));
	assert.match(await page.getByTestId('owner-selection').innerText(), /^tile 2: 4 elements lit/);
	algebraUrl = await page.getByTestId('share-url').inputValue();
	assert.match(algebraUrl, /#layout=[A-Za-z0-9_-]+$/);
});

await step('algebra: a shared link of the expression redraws its steps and tiles', null, async () => {
	const fresh = await newPage();
	try {
		await fresh.goto(algebraUrl);
		await fresh.getByTestId('verdict-status').filter({hasText: 'PASS'}).waitFor();
		assert.equal(await fresh.getByTestId('algebra-result').innerText(), '((2,2),(2,3)):((4,1),(2,8))');
		assert.equal(await waitCount(fresh, '[data-testid="alg-step-cell"]', 24), 24);
		assert.equal(await waitCount(fresh, '[data-testid="grid-cell"][data-tile]', 24), 24);
		assert.match(JSON.parse(await fresh.getByTestId('editor').inputValue()).cute, /^logical_divide\(/);
	} finally {
		await fresh.context().close();
	}
});

await step('algebra: nested calls draw every step; a by-mode divide tiles both modes', page, async () => {
	await enter(page, 'logical_divide(composition((4,2,3):(2,1,8), 24:1), 4:2)');
	assert.equal(await waitCount(page, '[data-testid="alg-step"]', 2), 2);
	assert.deepEqual(await page.locator('[data-testid="alg-step"]').evaluateAll((els) => els.map((e) => e.dataset.op)), ['composition', 'logical_divide']);
	// composition(A, 24:1) is A: (4,2,3):(2,1,8), so (1,1,0) is at 2 + 1
	const first = page.locator('[data-testid="alg-step"][data-step="0"]');
	await first.locator('[data-testid="alg-step-cell"][data-coord="1,1,0"]').waitFor();
	assert.equal(await first.locator('[data-testid="alg-step-cell"][data-coord="1,1,0"]').innerText(), '3');
	assert.equal(await first.locator('[data-testid="alg-step-cell"][data-tile]').count(), 0);
	assert.equal(await waitCount(page, '[data-testid="grid-cell"][data-tile]', 24), 24);
	// pycute: zipped_divide((8,6):(1,8), (4:1, 3:1)) rest mode r holds these offsets;
	// logical_divide's by-mode result numbers its tiles the same way
	const zipped = [[0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19], [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23],
		[24, 25, 26, 27, 32, 33, 34, 35, 40, 41, 42, 43], [28, 29, 30, 31, 36, 37, 38, 39, 44, 45, 46, 47]];
	for (const expr of ['logical_divide((8,6):(1,8), <4:1,3:1>)', 'zipped_divide((8,6):(1,8), <4:1,3:1>)', 'flat_divide((8,6):(1,8), (4,3))',
		'tiled_divide((8,6):(1,8), make_tile(4:1, 3:1))']) {
		await enter(page, expr);
		assert.equal(await waitCount(page, '[data-testid="grid-cell"][data-tile]', 48), 48, expr);
		assert.equal(await count(page, '#owner-legend [data-testid="legend-item"]'), 4, expr);
		for (let r = 0; r < 4; r++)
			assert.deepEqual(numsSorted(await texts(page, `[data-testid="grid-cell"][data-tile="${r}"]`)), zipped[r], `${expr}: tile ${r}`);
	}
	// at both widths the steps sit beside the grid, inside the card, apart from it
	await enter(page, 'zipped_divide(composition((16,8):(8,1), (16,8):(1,16)), <4:1,2:1>)');
	assert.equal(await waitCount(page, '[data-testid="alg-step"]', 2), 2);
	for (const w of WIDTHS) {
		await page.setViewportSize({width: w, height: 1000});
		await page.locator('[data-testid="alg-step"][data-step="1"] [data-testid="alg-step-cell"]').first().waitFor();
		const card = await rect(page, '#views'), steps = await rect(page, '[data-testid="alg-steps"]');
		const grid = await page.locator('#grid').evaluate((e) => { const r = e.parentElement.getBoundingClientRect(); return {l: r.left, r: r.right, t: r.top, b: r.bottom}; });
		inside(steps, card, `${w}: the steps`);
		inside(grid, card, `${w}: the grid`);
		assert.ok(grid.r <= steps.l + 0.5, `${w}: the grid ${JSON.stringify(grid)} runs under the steps ${JSON.stringify(steps)}`);
		await noOverlap(page, '[data-testid="alg-step"]', `${w}: the step grids`);
		await page.screenshot({path: join(ART, `views-algebra-steps-${w}.png`)});
	}
	await page.setViewportSize({width: 1400, height: 1000});
	// not a divide: no tiles, the usual colours
	await enter(page, 'composition((4,2,3):(2,1,8), 24:1)');
	await page.locator('[data-testid="alg-step"]').first().waitFor();
	assert.equal(await waitCount(page, '[data-testid="grid-cell"]', 24), 24);
	assert.equal(await count(page, '[data-testid="grid-cell"][data-tile]'), 0);
});

await step('TMEM: the 32dp32b.x8 atom: warp 0 on lanes 0-31, 8 columns, fits', page, async () => {
	await enter(page, 'SM100_TMEM_LOAD_32dp32b8x');
	await page.getByTestId('tmem').waitFor({state: 'visible'});
	assert.match(await page.getByTestId('tmem-summary').innerText(), /^8 columns used \(32 lanes\), allocation 32 columns, fits: yes, 32-bit elements; every warp stays in its sub-partition/);
	// docs/tmem.md: 32dp32b places register r of thread t at lane t, column r
	assert.equal(await waitCount(page, '[data-testid="tmem-cell"]', 256), 256);
	assert.equal(await count(page, '[data-testid="tmem-cell"][data-warps="0"]'), 256);
	assert.equal(await count(page, '[data-testid="tmem-cell"][data-violation]'), 0);
	assert.equal(await count(page, '[data-testid="tmem-cell"][data-lane="31"][data-col="7"]'), 1);
	assert.equal(await count(page, '[data-testid="tmem-cell"][data-lane="32"]'), 0);
	assert.equal(await count(page, '#tmem-grid .tr:not(.head)'), 128);
	assert.equal(await count(page, '#tmem-grid .tr.sub'), 3);
});

await step('TMEM: four warps on lanes 0-31 are marked; four warps on their own quarters are not', page, async () => {
	await enter(page, JSON.stringify({layout: {logical: [128, 8], expr: {thread: 'i', TLane: 'i % 32', TCol: 'j'}}}));
	await page.getByTestId('verdict-status').filter({hasText: 'FAIL'}).waitFor();
	assert.equal(await waitCount(page, '[data-testid="tmem-cell"]', 256), 256);
	// every cell is touched by threads l, l+32, l+64, l+96: warps 0-3, of which 1-3 are outside lanes 0-31
	assert.equal(await count(page, '[data-testid="tmem-cell"][data-warps="0,1,2,3"]'), 256);
	assert.equal(await count(page, '[data-testid="tmem-cell"][data-violation]'), 256);
	assert.match(await page.getByTestId('tmem-summary').innerText(), /768 placements outside their warp's sub-partition \(warp from thread\)/);
	assert.equal(await count(page, '[data-testid="tmem-legend-item"]'), 4);
	// the daemon's examples, in the layout's coordinates: thread 32 is warp 1, lanes 32-63
	assert.match(await page.getByTestId('tmem-examples').innerText(), /^\(i=32, j=0\) of warp 1 at TLane 0, outside its lanes 32–63/);
	await pickPreset(page, 'tmem-all-warps-lane0');
	assert.equal(await waitCount(page, '[data-testid="tmem-cell"][data-violation]', 256), 256);
	await pickPreset(page, 'tmem-atom-32dp32b8x');
	assert.equal(await waitCount(page, '[data-testid="tmem-cell"][data-warps="0"]', 256), 256);
	assert.ok(await page.getByTestId('tmem-examples').isHidden());
	await enter(page, JSON.stringify({layout: {logical: [128, 8], expr: {thread: 'i', TLane: 'i', TCol: 'j'}}}));
	await page.getByTestId('verdict-status').filter({hasText: 'PASS'}).waitFor();
	assert.equal(await waitCount(page, '[data-testid="tmem-cell"]', 1024), 1024);
	assert.equal(await count(page, '[data-testid="tmem-cell"][data-violation]'), 0);
	for (const [lane, w] of [[0, 0], [31, 0], [32, 1], [70, 2], [127, 3]])
		assert.equal(await page.locator(`[data-testid="tmem-cell"][data-lane="${lane}"][data-col="5"]`).getAttribute('data-warps'), String(w), `lane ${lane}`);
});

await step('TMEM: 512 columns are shown 64 at a time, inside the card at 1280 and 1920', page, async () => {
	await enter(page, JSON.stringify({layout: {logical: [128, 512], expr: {warpid: 'i // 32', TLane: 'i', TCol: 'j'}}}));
	await page.getByTestId('tmem').waitFor({state: 'visible'});
	assert.match(await page.getByTestId('tmem-summary').innerText(), /^512 columns used \(128 lanes\), allocation 512 columns, fits: yes/);
	assert.equal(await waitCount(page, '[data-testid="tmem-cell"]', 128 * 64), 128 * 64);
	assert.equal(await page.getByTestId('tmem-page').innerText(), 'columns 0–63 of 512');
	await page.getByTestId('tmem-next').click();
	await page.getByTestId('tmem-page').filter({hasText: 'columns 64–127 of 512'}).waitFor();
	assert.equal(await count(page, '[data-testid="tmem-cell"][data-col="64"]'), 128);
	assert.equal(await page.locator('[data-testid="tmem-cell"][data-lane="100"][data-col="64"]').getAttribute('data-warps'), '3');
	for (const w of WIDTHS) {
		await page.setViewportSize({width: w, height: 1000});
		await page.getByTestId('tmem-prev').click();
		await page.getByTestId('tmem-next').click();
		await page.getByTestId('tmem-page').filter({hasText: 'columns 64–127'}).waitFor();
		const card = await rect(page, '[data-testid="tmem"]');
		inside(await rect(page, '[data-testid="tmem-grid"]'), card, `${w}: the TMEM grid`);
		inside(await rect(page, '[data-testid="tmem-summary"]'), card, `${w}: the TMEM summary`);
		await noOverlap(page, '#panel-check > .card, #panel-check > .check-top > *', `${w}: the cards`);
		await page.screenshot({path: join(ART, `views-tmem-512-${w}.png`)});
	}
	await page.setViewportSize({width: 1400, height: 1000});
});

await step('TMEM: a Triton tensor_memory_encoding memdesc has no warps', page, async () => {
	await enter(page, '#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>\n'
		+ '%0 = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>');
	await page.getByTestId('tmem').waitFor({state: 'visible'});
	assert.match(await page.getByTestId('tmem-summary').innerText(), /^128 columns used \(128 lanes\), allocation 128 columns, fits: yes.*no thread axis/);
	assert.equal(await waitCount(page, '[data-testid="tmem-cell"]', 128 * 64), 128 * 64);
	assert.equal(await count(page, '[data-testid="tmem-cell"][data-warps]'), 0);
	await enter(page, '(8,16):(16,1)');
	await page.getByTestId('verdict-status').filter({hasText: 'PASS'}).waitFor();
	assert.ok(await page.getByTestId('tmem').isHidden());
});

// docs/access.md's targets: nvidia 32 lanes and 32 banks, gfx942 64 and 32,
// gfx950 64 and 64; a gfx950 128-bit read's phase 0 is lanes 0-3, 12-15,
// 20-23 and 24-27 (t5 + 2·(t2 ⊕ t3 ⊕ t4)), gfx942's lanes 0-3 and 20-23.
const WIDE = (target, op) => JSON.stringify({layout: {logical: [64, 4], expr: {offset: 'i * 4 + j'}},
	access: {threads: {logical: [64, 4], expr: {lane: 'i', register: 'j'}}, element_bits: 32, target, op}});
const range = (a, b) => Array.from({length: b - a + 1}, (_, k) => a + k);
await step('bank view per target: the wave\'s lanes and the target\'s banks', page, async () => {
	const cases = [
		['gfx950', 'load', 64, 64, [...range(0, 3), ...range(12, 15), ...range(20, 27)]],
		['gfx942', 'load', 64, 32, [...range(0, 3), ...range(20, 23)]],
		['gfx950', 'store', 64, 64, range(0, 7)],
	];
	for (const [target, op, lanes, banks, phase] of cases) {
		await enter(page, WIDE(target, op));
		await page.getByTestId('bank-summary').filter({hasText: target + ' ' + op}).waitFor();
		const what = target + ' ' + op;
		assert.equal(await count(page, '[data-testid="bank-head"]'), banks, what);
		assert.equal(await count(page, '[data-testid="bank-lane"]'), lanes, what);
		assert.deepEqual(await page.locator('[data-testid="bank-lane"][data-in]').evaluateAll((els) => els.map((e) => Number(e.dataset.lane))), phase, what);
		assert.match(await page.getByTestId('banks-sub').innerText(), new RegExp('the ' + banks + ' banks of ' + target), what);
		// lane 1 reads words 4-7 of its row: banks 4-7 of either count
		if (phase.includes(1)) assert.equal(await page.locator('[data-testid="bank-lane"][data-lane="1"]').getAttribute('data-banks'), '4,5,6,7', what);
		// the grid of the shared-memory layout is coloured by the target's banks too
		assert.match(await page.getByTestId('legend-what').innerText(), new RegExp('offset × 32 bits / 32 mod ' + banks + ';'), what);
		assert.equal(await count(page, '#owner-legend [data-testid="legend-item"]'), banks, what);
	}
	// nvidia: a warp of 32 lanes, 32 banks
	await pickPreset(page, 'access-fp32-column-32way');
	await page.getByTestId('bank-summary').filter({hasText: '32-way'}).waitFor();
	assert.equal(await count(page, '[data-testid="bank-lane"]'), 32);
	assert.equal(await count(page, '[data-testid="bank-head"]'), 32);
	assert.equal(await count(page, '[data-testid="bank-lane"][data-in]'), 32);
	assert.equal(await page.locator('[data-testid="bank-lane"][data-lane="7"]').getAttribute('data-banks'), '0');
	for (const w of WIDTHS) {
		await page.setViewportSize({width: w, height: 1000});
		await enter(page, WIDE('gfx950', 'load'));
		await page.getByTestId('bank-summary').filter({hasText: 'gfx950 load'}).waitFor();
		const card = await rect(page, '[data-testid="banks"]');
		inside(await rect(page, '[data-testid="bank-lanes"]'), card, `${w}: the lanes`);
		inside(await rect(page, '[data-testid="bank-summary"]'), card, `${w}: the bank summary`);
		await noOverlap(page, '#panel-check > .card, #panel-check > .check-top > *', `${w}: the cards`);
		await page.screenshot({path: join(ART, `views-banks-gfx950-${w}.png`)});
	}
	await page.setViewportSize({width: 1400, height: 1000});
});

// Triton's blocked layouts: #blocked<[1,4],[8,4],[1,1],[1,0]> puts (i, j) on
// lane (j/4)%4 + 4(i%8), its transpose <[4,1],[4,8],[1,1],[0,1]> on lane
// (i/4)%4 + 4(j%8): lane 0 holds (0|8, 0..3) and sends one element each to
// lanes 0, 4, 8, 12 and 2, 6, 10, 14; 16 elements keep their lane.
await step('conversion: which lanes send to which', page, async () => {
	await pickPreset(page, 'convert-blocked-transpose');
	await page.getByTestId('convert').waitFor({state: 'visible'});
	await page.getByTestId('convert-lanes-summary').waitFor();
	assert.match(await page.getByTestId('convert-lanes-summary').innerText(), /256 sending pairs, 16 elements staying with its thread/);
	assert.equal(await count(page, '[data-testid="convert-pair"]'), 256);
	const to = (f) => page.locator(`[data-testid="convert-pair"][data-from="${f}"]`).evaluateAll((els) => els.map((e) => [Number(e.dataset.to), Number(e.dataset.n)]));
	assert.deepEqual(await to(0), [0, 2, 4, 6, 8, 10, 12, 14].map((t) => [t, 1]));
	assert.deepEqual(await to(5), [16, 18, 20, 22, 24, 26, 28, 30].map((t) => [t, 1]));
	const sum = await page.locator('[data-testid="convert-pair"]').evaluateAll((els) => els.reduce((s, e) => s + Number(e.dataset.n), 0));
	assert.equal(sum, 256);
	for (const w of WIDTHS) {
		await page.setViewportSize({width: w, height: 1000});
		inside(await rect(page, '[data-testid="convert-lanes-grid"]'), await rect(page, '[data-testid="convert"]'), `${w}: the lane matrix`);
	}
	// 256 threads: warp by warp.  (i, j) is on warp (i/8)%8 of
	// #blocked<[1,4],[8,4],[8,1],[1,0]> and on warp (j/8)%8 of
	// <[4,1],[4,8],[1,8],[0,1]>: every warp sends 8×8 elements to every warp.
	const bl = (spt, tpw, wpc, order) => ({ttgir: `#ttg.blocked<{sizePerThread = [${spt}], threadsPerWarp = [${tpw}], warpsPerCTA = [${wpc}], order = [${order}]}>`, shape: [64, 64]});
	await enter(page, JSON.stringify({layout: bl('1, 4', '8, 4', '8, 1', '1, 0'), convert: {to: bl('4, 1', '4, 8', '1, 8', '0, 1'), element_bits: 32}}));
	await page.getByTestId('convert-lanes-summary').filter({hasText: 'which warp'}).waitFor();
	assert.equal(await page.getByTestId('convert-lanes-grid').getAttribute('data-unit'), 'warp');
	assert.match(await page.getByTestId('convert-lanes-summary').innerText(), /64 sending pairs, 512 elements staying with its warp/);
	assert.deepEqual(new Set(await page.locator('[data-testid="convert-pair"]').evaluateAll((els) => els.map((e) => e.dataset.n))), new Set(['64']));
	await page.setViewportSize({width: 1400, height: 1000});
});

await finish();
