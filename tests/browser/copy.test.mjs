// The dashboard's copy section in a real browser (docs/copy.md), beside
// dashboard.test.mjs: the ldmatrix / stmatrix variant table and the TMA
// tile with its boxes and 16-byte swizzle chunks, for golden requests
// answered by a real daemon (tests/browser.sh starts it).
//
// Expected values come from outside the engine: Triton's
// tritongpu_to_llvm.mlir @convert_dot_ldmatrix (the B operand is one
// ldmatrix .x4 .trans), the PTX ISA fragment of ldmatrix .x1 (lane 4's
// register holds row 1, which starts at element 8, not 1), CuTe's
// Swizzle<3,4,3> (16-byte chunk c of row r lands in chunk c ^ (r % 8)) and
// the box geometry of cuTensorMapEncodeTiled (box[0] along the last
// dimension).
import {harness, BASE} from './harness.mjs';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import assert from 'node:assert/strict';

const GOLDEN = process.env.GOLDEN_DIR || new URL('../golden', import.meta.url).pathname;
const golden = (name) => JSON.parse(readFileSync(join(GOLDEN, name, 'request.json'), 'utf8'));

const {newPage, step, checkNow, finish} = await harness('copy');
async function enter(page, req) {
	await page.getByTestId('editor').fill(JSON.stringify(req, null, 1));
	await checkNow(page);
}
const variants = (page) => page.locator('[data-testid="copy-variant"]').evaluateAll((rows) => rows.map((r) => ({
	name: r.dataset.instruction, legal: r.dataset.legal, chosen: r.dataset.chosen === '1',
	why: r.querySelector('[data-testid="copy-why"]').textContent})));

const page = await newPage();
await page.goto(BASE + '/');

await step('ldmatrix variants of a Triton dot_op B operand, from the preset', page, async () => {
	const before = await page.getByTestId('verdict').getAttribute('data-checks');
	await page.getByTestId('preset').selectOption('copy-ldmatrix-dot-b-trans');
	await page.waitForFunction((b) => document.getElementById('verdict').dataset.checks !== (b === null ? undefined : b), before);
	await page.getByTestId('copy').waitFor({state: 'visible'});
	const v = await variants(page);
	const P = 'ldmatrix.sync.aligned.m8n8.';
	assert.deepEqual(v.map((x) => x.name), ['x1', 'x2', 'x4', 'x1.trans', 'x2.trans', 'x4.trans'].map((x) => P + x + '.shared.b16'));
	assert.deepEqual(v.map((x) => x.legal), ['no', 'no', 'no', 'yes', 'yes', 'yes']);
	assert.deepEqual(v.filter((x) => x.chosen).map((x) => x.name), [P + 'x4.trans.shared.b16']);
	assert.equal(await page.locator('[data-testid="copy-variant"][data-chosen="1"] [data-testid="copy-legal"]').innerText(), '✓ yes');
	// illegal rows say where: without .trans, lane 4 holds (0,1) as the start of a row
	for (const x of v.slice(0, 3)) assert.match(x.why, /not 16-byte aligned — warp 0 lane 4, slot register 0 lane 4 .*element \(dim0=0, dim1=1\) at offset 1/);
	for (const x of v.slice(3)) assert.equal(x.why, '');
	// 16 rows of 32 bytes: 8 row addresses 32 bytes apart cover 256 bytes, two wavefronts a matrix
	assert.match(await page.getByTestId('copy-summary').innerText(),
		/^ldmatrix\.sync\.aligned\.m8n8\.x4\.trans\.shared\.b16, 1 per warp; row addresses: 8 wavefronts \(ideal 4\), \d+ bank conflicts?$/);
	assert.equal(await page.getByTestId('copy-tile-grid').count(), 0);
});

await step('a named variant that cannot move the tile', page, async () => {
	await enter(page, golden('copy-cutlass-sm75-u16x2-ldsm-t-as-plain'));
	await page.getByTestId('copy').waitFor({state: 'visible'});
	const v = await variants(page);
	assert.equal(v.length, 1);
	assert.equal(v[0].name, 'ldmatrix.sync.aligned.m8n8.x1.shared.b16');
	assert.equal(v[0].legal, 'no');
	assert.equal(v[0].chosen, false);
	assert.match(v[0].why, /warp 0 lane 4, slot lane 4 register 0, element \(i=0, j=1\) at offset 1/);
	assert.match(await page.getByTestId('copy-summary').innerText(), /no variant can move this tile \(the check fails\)/);
});

/* every cell's chunk is CuTe's Swizzle<3,4,3> of its byte address in its box */
const chunks = (page) => page.locator('[data-testid="copy-cell"]').evaluateAll((cs) => cs.map((c) => Number(c.dataset.chunk)));

await step('TMA into nvmma_shared 128B: two boxes, chunks swizzled, from the preset', page, async () => {
	const before = await page.getByTestId('verdict').getAttribute('data-checks');
	await page.getByTestId('preset').selectOption('copy-tma-128x128-sw128');
	await page.waitForFunction((b) => document.getElementById('verdict').dataset.checks !== (b === null ? undefined : b), before);
	await page.getByTestId('copy-tile-grid').waitFor();
	assert.equal(await page.getByTestId('copy-matches').innerText(), 'matches the layout: yes');
	assert.match(await page.getByTestId('copy-writes').innerText(), /Sw<3,4,3> o smem_ptr\[16b\]/);
	assert.match(await page.getByTestId('copy-summary').innerText(), /2 boxes of 16384 bytes/);   // 64×128 f16
	const boxes = await page.locator('[data-testid="copy-box"]').evaluateAll((bs) => bs.map((b) => [Number(b.dataset.row), Number(b.dataset.col)]));
	assert.deepEqual(boxes, [[0, 0], [0, 64]]);
	const c = await chunks(page);
	assert.equal(c.length, 128 * 128);
	for (let i = 0; i < 128; i++)
		for (let j = 0; j < 128; j++)
			assert.equal(c[i * 128 + j], ((j % 64) >> 3) ^ (i % 8), `chunk of (${i}, ${j})`);
	assert.equal(await page.getByTestId('copy-variants').isVisible(), false);
});

await step('TMA 128B against an unswizzled layout: differences listed and marked', page, async () => {
	await enter(page, golden('copy-tma-f16-128x64-sw128-vs-unswizzled-layout'));
	await page.getByTestId('copy-tile-grid').waitFor();
	assert.equal(await page.getByTestId('copy-matches').innerText(), 'matches the layout: no');
	// row 1, chunk 0 goes to chunk 1: element 64 of the layout is at 72
	assert.equal(await page.locator('[data-testid="copy-difference"]').first().innerText(), '(i=1, j=0): the layout puts it at 64, TMA writes it at 72');
	assert.equal(await page.locator('[data-testid="copy-box"]').count(), 1);
	const c = await chunks(page);
	assert.equal(c.length, 128 * 64);
	for (const [i, j] of [[0, 0], [1, 0], [7, 63], [9, 17]]) assert.equal(c[i * 64 + j], (j >> 3) ^ (i % 8));
	assert.equal(await page.locator('[data-testid="copy-cell"].differs').count(), 8);
});

await step('a 16×16 32B-swizzled tile: one box, chunks c ^ ((r / 4) % 2)', page, async () => {
	await enter(page, golden('copy-tma-f16-16x16-sw32-nvmma'));
	await page.getByTestId('copy-tile-grid').waitFor();
	assert.equal(await page.locator('[data-testid="copy-box"]').count(), 1);
	const c = await chunks(page);
	assert.equal(c.length, 256);
	// rows of 32 bytes: Swizzle<1,4,3> XORs byte bit 4 with bit 7 (row bit 2)
	for (let i = 0; i < 16; i++)
		for (let j = 0; j < 16; j++)
			assert.equal(c[i * 16 + j], ((2 * i + (j >> 3)) ^ ((i >> 2) & 1)) % 8, `chunk of (${i}, ${j})`);
});

await step('the section goes away for a layout without copy', page, async () => {
	await enter(page, {layout: {logical: [8, 8], expr: {offset: 'i * 8 + j'}}});
	assert.equal(await page.getByTestId('copy').isVisible(), false);
});

await finish();
