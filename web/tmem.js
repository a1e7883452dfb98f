/* layoutd dashboard, tmem.js: the TMEM view of a Blackwell tensor-memory
 * layout: the 128 lanes down, the columns used across (a window of them
 * when there are many), each cell coloured by the warp that touches it,
 * the four 32-lane sub-partitions ruled off, and every cell a warp reaches
 * outside its own sub-partition marked.  Drawn from the placement table
 * the grid loaded; uses core.js and grid.js. */
'use strict';

const TMEM_LANES = 128;
const TMEM_SUB = 32;             /* lanes of one sub-partition */
const TMEM_WINDOW = 64;          /* columns drawn at once */
const WARP_AXES = ['warpid', 'wid_in_wg', 'warp'];
const THREAD_AXES = ['thread', 'tid_in_wg', 'tx'];

let tmemView = null;   /* {c, cells, columns, col0} */

/* The warp of a place, by the axis the analysis named (warp_from): a warp
 * axis as it stands, a thread axis divided by 32, a lane axis warp 0. */
function warpOf(p, wax, wkind) {
	if (wax < 0) return null;
	return wkind === 'warp' ? p[wax] : wkind === 'thread' ? Math.floor(p[wax] / 32) : 0;
}

/* The cells of a TMEM layout: "lane,col" -> {warps: Set, elements, bad}. */
function tmemCells(c) {
	const names = c.axes.map((x) => x.name);
	const lane = names.indexOf('TLane'), col = names.indexOf('TCol');
	const sp = c.a.tmem.subpartitions;
	const from = sp ? sp.warp_from : null;
	const wax = from ? names.indexOf(from) : -1;
	const wkind = WARP_AXES.includes(from) ? 'warp' : THREAD_AXES.includes(from) ? 'thread' : 'lane';
	const cells = new Map();
	for (const ps of c.places.values()) {
		for (const p of ps) {
			const l = lane >= 0 ? p[lane] : 0, k = col >= 0 ? p[col] : 0;
			if (l < 0 || l >= TMEM_LANES || k < 0) continue;
			const key = l + ',' + k;
			let cell = cells.get(key);
			if (!cell) cells.set(key, cell = {warps: new Set(), elements: 0, bad: false});
			cell.elements++;
			const w = warpOf(p, wax, wkind);
			if (w === null) continue;
			cell.warps.add(w);
			if (Math.floor(l / TMEM_SUB) !== w % 4) cell.bad = true;
		}
	}
	return cells;
}

function tmemSummary(t) {
	const sp = t.subpartitions;
	return t.columns + ' columns used (' + plural(t.lanes, 'lane') + '), allocation ' +
		(t.allocation === null ? 'none: it does not fit' : t.allocation + ' columns') + ', fits: ' + (t.fits ? 'yes' : 'no') +
		', ' + t.element_bits + '-bit elements' + (t.packing > 1 ? ', ' + t.packing + ' to a cell' : '') +
		(t.packing_violations && t.packing_violations.count ? ', ' + plural(t.packing_violations.count, 'placement') + ' past what a cell holds' : '') + '; ' +
		(sp ? (sp.violations ? plural(sp.violations, 'placement') + ' outside their warp\'s sub-partition (warp from ' + sp.warp_from + ')'
			: 'every warp stays in its sub-partition (warp from ' + sp.warp_from + ')') : 'no thread axis: no warps to check');
}

function drawTmemWindow() {
	const v = tmemView;
	const n = Math.min(TMEM_WINDOW, v.columns - v.col0);
	const avail = Math.max(320, ($('tmem').clientWidth || 1000) - 90);
	const w = Math.max(6, Math.min(18, Math.floor(avail / Math.max(1, n)) - 1));
	const parts = ['<div class="tr head"><div class="hd">lane \\ col</div>'];
	for (let k = 0; k < n; k++) {
		const col = v.col0 + k;
		parts.push('<div class="hd col">' + (col % 8 === 0 ? col : '') + '</div>');
	}
	parts.push('</div>');
	const warps = new Set();
	for (let l = 0; l < TMEM_LANES; l++) {
		parts.push('<div class="tr' + (l % TMEM_SUB === 0 && l ? ' sub' : '') + '" data-lane-row="' + l + '"><div class="hd">' +
			(l % 8 === 0 ? l : '') + '</div>');
		for (let k = 0; k < n; k++) {
			const col = v.col0 + k, cell = v.cells.get(l + ',' + col);
			if (!cell) { parts.push('<div class="tc"></div>'); continue; }
			const ws = [...cell.warps].sort((x, y) => x - y);
			ws.forEach((x) => warps.add(x));
			const bg = ws.length === 0 ? '#d0d5dd' : ws.length === 1 ? colorFor(ws[0])
				: 'linear-gradient(90deg,' + ws.map((x, m) => colorFor(x) + ' ' + (100 * m / ws.length).toFixed(0) + '% ' + (100 * (m + 1) / ws.length).toFixed(0) + '%').join(',') + ')';
			parts.push('<div class="tc used' + (cell.bad ? ' bad' : '') + '" data-testid="tmem-cell" data-lane="' + l + '" data-col="' + col + '"' +
				(ws.length ? ' data-warps="' + ws.join(',') + '"' : '') + (cell.bad ? ' data-violation="1"' : '') +
				' style="background:' + bg + '" title="lane ' + l + ', column ' + col + ': ' + plural(cell.elements, 'element') +
				(ws.length ? ', warp ' + ws.join(', ') : '') + (cell.bad ? ' — outside the sub-partition of warp ' +
				ws.filter((x) => x % 4 !== Math.floor(l / TMEM_SUB)).join(', ') : '') + '"></div>');
		}
		parts.push('</div>');
	}
	const grid = $('tmem-grid');
	grid.style.setProperty('--tcw', w + 'px');
	grid.innerHTML = parts.join('');
	$('tmem-page').textContent = v.columns > TMEM_WINDOW ? 'columns ' + v.col0 + '–' + (v.col0 + n - 1) + ' of ' + v.columns : '';
	$('tmem-prev').disabled = v.col0 === 0;
	$('tmem-next').disabled = v.col0 + TMEM_WINDOW >= v.columns;
	$('tmem-pager').hidden = v.columns <= TMEM_WINDOW;
	$('tmem-legend').replaceChildren(h('span', {class: 'muted small'}, warps.size ? 'colour = warp:' : 'no warp (a layout of memory alone)'),
		...[...warps].sort((x, y) => x - y).map((x) => h('span', {class: 'lg', 'data-testid': 'tmem-legend-item', 'data-warp': x},
			h('span', {class: 'sw', style: 'background:' + colorFor(x)}), 'warp ' + x + ' (lanes ' + 32 * (x % 4) + '–' + (32 * (x % 4) + 31) + ')')),
		h('span', {class: 'muted small'}, h('span', {class: 'sw tmem-bad'}), 'a warp outside its sub-partition; heavy lines every 32 lanes'));
}

function tmemPage(d) {
	if (!tmemView) return;
	tmemView.col0 = Math.max(0, Math.min(tmemView.col0 + d * TMEM_WINDOW, Math.floor((tmemView.columns - 1) / TMEM_WINDOW) * TMEM_WINDOW));
	drawTmemWindow();
}

/* Called once the placement table is loaded. */
function renderTmem(c) {
	const t = c.a.tmem;
	if (!t || !Number.isInteger(t.columns)) {
		$('tmem').hidden = true;
		tmemView = null;
		return;
	}
	$('tmem').hidden = false;
	$('tmem-summary').textContent = tmemSummary(t);
	const ex = (t.subpartitions && t.subpartitions.examples) || [];
	$('tmem-examples').replaceChildren(...ex.slice(0, 4).map((x) => h('li', {},
		fmtElem(x.logical, c.a.logical.names) + ' of warp ' + x.warp + ' at TLane ' + x.TLane + ', outside its lanes ' +
		x.lanes[0] + '–' + x.lanes[1] + ' (' + fmtPlace(x.physical) + ')')));
	$('tmem-examples').hidden = !ex.length;
	if (c.mode !== 'full') {
		$('tmem-grid').replaceChildren(h('p', {class: 'muted'}, 'too many placements to draw here'));
		return;
	}
	const cells = tmemCells(c);
	tmemView = {c, cells, columns: Math.max(1, t.columns), col0: 0};
	let bad = 0;
	for (const x of cells.values()) if (x.bad) bad++;
	$('tmem-summary').dataset.badCells = String(bad);
	drawTmemWindow();
}
