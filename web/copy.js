/* layoutd dashboard, copy.js: the copy section of an analysis (docs/copy.md).
 * For ldmatrix / stmatrix, every variant tried: its PTX name, legal or not,
 * and where an illegal one breaks (the lane, its register slot, the
 * element), the chosen one marked, and the bank conflicts of its row
 * addresses.  For TMA, what the descriptor writes, whether the layout
 * matches it, and the tile drawn with its box boundaries and each cell
 * coloured by the 16-byte chunk (of a 128-byte line) that TMA writes it
 * to.  Uses core.js and grid.js (fetchTable). */
'use strict';

const COPY_CHUNK_COLORS = ['#8ecae6', '#ffb703', '#90be6d', '#f28482', '#b8a1e3', '#f6bd60', '#84a59d', '#e5989b'];
let copySerial = 0;

function copyWhy(w, names) {
	if (!w) return '';
	let s = w.message;
	if (w.lane !== undefined) s += ' — warp ' + (w.warp || 0) + ' lane ' + w.lane;
	if (w.slot) s += ', slot ' + Object.entries(w.slot).map(([k, v]) => k + ' ' + v).join(' ');
	if (w.element) s += ', element ' + fmtElem(w.element, names) + (w.offset !== undefined ? ' at offset ' + w.offset : '');
	return s;
}

function copyMatrixSummary(cp) {
	if (!cp.legal) return cp.requested + ': no variant can move this tile' + (cp.ok === false ? ' (the check fails)' : '');
	return cp.instruction + ', ' + cp.count + ' per warp; row addresses: ' + cp.wavefronts + ' wavefronts (ideal ' +
		cp.ideal_wavefronts + '), ' + plural(cp.bank_conflicts, 'bank conflict');
}

function renderCopyMatrix(a, cp) {
	$('copy-summary').textContent = copyMatrixSummary(cp);
	const table = $('copy-variants');
	table.hidden = false;
	table.parentElement.hidden = false;
	table.replaceChildren(h('tr', {}, h('th', {}, 'variant'), h('th', {}, 'legal'), h('th', {}, 'per warp'),
		h('th', {}, 'why not')));
	for (const v of cp.candidates || []) {
		const chosen = v.instruction === cp.instruction;
		table.append(h('tr', {'data-testid': 'copy-variant', 'data-instruction': v.instruction, 'data-legal': v.legal ? 'yes' : 'no',
			'data-chosen': chosen ? '1' : null, class: chosen ? 'chosen' : v.legal ? null : 'conflict'},
			h('td', {class: 'mono'}, v.instruction + (chosen ? ' ◀ chosen' : '')),
			h('td', {'data-testid': 'copy-legal'}, v.legal ? '✓ yes' : '✗ no'),
			h('td', {}, chosen ? String(cp.count) : ''),
			h('td', {class: 'why', 'data-testid': 'copy-why'}, copyWhy(v.why, a.logical.names))));
	}
}

function copyTmaSummary(cp) {
	const d = cp.differences || {count: 0};
	return cp.instruction + ', swizzle ' + cp.swizzle + ': ' + plural(cp.boxes, 'box', 'boxes') + ' of ' + cp.bytes_per_box +
		' bytes; shared buffer aligned to ' + cp.shared_align + ' bytes; the layout ' +
		(cp.matches_layout ? 'matches what TMA writes' : 'differs from what TMA writes at ' + plural(d.count, 'element'));
}

/* The tile as TMA writes it: the `writes` layout analysed by the daemon,
 * each cell coloured by its 16-byte chunk, the boxes outlined. */
async function drawCopyTile(a, cp, req) {
	const serial = ++copySerial;
	const box = $('copy-tile');
	box.replaceChildren();
	const shape = a.logical.shape, rank = shape.length;
	const bx = req && req.copy && req.copy.box;
	if (rank < 1 || rank > 2 || !Array.isArray(bx) || bx.length !== rank) {
		box.append(h('p', {class: 'muted small'}, 'the tile is drawn for 1- and 2-D boxes only'));
		return;
	}
	const rows = rank === 2 ? shape[0] : 1, cols = shape[rank - 1];
	if (rows * cols > CELL_CAP) {
		box.append(h('p', {class: 'muted small'}, 'tile of ' + rows * cols + ' elements: more than ' + CELL_CAP + ' drawn here'));
		return;
	}
	const bcols = bx[0], brows = rank === 2 ? bx[1] : 1;
	const off = new Map();
	try {
		const w = (await api('POST', '/v1/analyze', {layout: {cute: cp.writes}})).data;
		const m = w.logical.shape.length;
		let after = '0';
		while (after !== null) {
			const t = await fetchTable(w.id, 'placement', after, CHUNK);
			for (const row of t.rows) off.set(row.slice(0, m).join(','), row[m]);
			after = t.next;
		}
	} catch (e) {
		if (!(e instanceof Problem)) throw e;
		box.append(h('p', {class: 'muted small'}, 'tile not drawn: ' + (e.problem.detail || e.problem.title)));
		return;
	}
	if (serial !== copySerial) return;
	const px = Math.max(4, Math.min(16, Math.floor(900 / cols)));
	const bytes = cp.element_bits / 8;
	const grid = h('div', {class: 'copytile', 'data-testid': 'copy-tile-grid', 'data-rows': rows, 'data-cols': cols,
		style: 'grid-template-columns:repeat(' + cols + ',' + px + 'px);grid-auto-rows:' + px + 'px'});
	const diff = new Set(((cp.differences && cp.differences.examples) || []).map((x) => x.logical.join(',')));
	const parts = [];
	for (let i = 0; i < rows; i++)
		for (let j = 0; j < cols; j++) {
			const key = rank === 2 ? i + ',' + j : String(j), o = off.get(key);
			const chunk = o === undefined ? null : Math.floor(o * bytes / 16) % 8;
			parts.push('<div class="cc' + (diff.has(key) ? ' differs' : '') + '" data-testid="copy-cell" data-chunk="' + chunk +
				'" style="background:' + (chunk === null ? '#fff' : COPY_CHUNK_COLORS[chunk]) + '" title="' +
				esc(fmtElem(key.split(',').map(Number), a.logical.names)) + ': offset ' + o + ', byte ' + o * bytes +
				', chunk ' + chunk + '"></div>');
		}
	grid.innerHTML = parts.join('');
	for (let r0 = 0; r0 < rows; r0 += brows)
		for (let c0 = 0; c0 < cols; c0 += bcols)
			grid.append(h('div', {class: 'copybox', 'data-testid': 'copy-box', 'data-row': r0, 'data-col': c0,
				style: 'left:' + c0 * px + 'px;top:' + r0 * px + 'px;width:' + Math.min(bcols, cols - c0) * px + 'px;height:' +
					Math.min(brows, rows - r0) * px + 'px'}));
	box.append(h('div', {class: 'owner-legend'}, h('span', {class: 'muted small'}, 'colour = 16-byte chunk of a 128-byte line (banks 4c–4c+3):'),
		...COPY_CHUNK_COLORS.map((c, k) => h('span', {class: 'lg'}, h('span', {class: 'sw', style: 'background:' + c}), String(k))),
		h('span', {class: 'muted small'}, 'heavy outline = one box; red corner = an element the layout puts elsewhere')),
	h('div', {class: 'scroller'}, grid));
}

function renderCopyTma(a, cp, req) {
	$('copy-summary').textContent = copyTmaSummary(cp);
	$('copy-variants').hidden = true;
	$('copy-variants').parentElement.hidden = true;
	const d = cp.differences;
	const lines = [h('li', {'data-testid': 'copy-writes'}, 'writes ', h('code', {}, cp.writes)),
		h('li', {'data-testid': 'copy-matches'}, 'matches the layout: ' + (cp.matches_layout ? 'yes' : 'no'))];
	if (d && d.examples)
		for (const x of d.examples.slice(0, 4))
			lines.push(h('li', {'data-testid': 'copy-difference'}, fmtElem(x.logical, a.logical.names) + ': the layout puts it at ' +
				x.layout + ', TMA writes it at ' + x.tma));
	$('copy-facts').replaceChildren(...lines);
	drawCopyTile(a, cp, req);
}

function renderCopy(a, req) {
	const cp = a && a.copy;
	copySerial++;
	$('copy-tile').replaceChildren();
	$('copy-facts').replaceChildren();
	if (!cp) {
		$('copy').hidden = true;
		return;
	}
	$('copy').hidden = false;
	$('copy').dataset.kind = cp.writes !== undefined || cp.requested === 'tma' ? 'tma' : 'matrix';
	if ($('copy').dataset.kind === 'tma') renderCopyTma(a, cp, req);
	else renderCopyMatrix(a, cp);
}
