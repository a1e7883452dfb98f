/* layoutd dashboard, access.js: the access views: the bank
 * view (one wavefront of the target's banks and lanes), the global-memory
 * sectors and the layout conversion.  Uses core.js. */
'use strict';

/* ---------- bank view: one wavefront, the target's banks x distinct words ---------- */
let bank = null;   /* {req, a, sreq?, sa?, swizzled} */

function accessLine(acc) {
	const bc = Number.isInteger(acc.bank_conflicts) ? String(acc.bank_conflicts) : acc.bank_conflicts.toFixed(3);
	return (acc.target && acc.target !== 'nvidia' ? acc.target + ' ' : '') + acc.op + ' of ' + acc.vector.bits + '-bit vectors (' + acc.vector.elements + ' × ' + acc.element_bits + ' bits), ' +
		plural(acc.instructions, 'instruction') + ', ' + acc.lanes_per_wavefront + ' lanes per wavefront: ' +
		acc.wavefronts + ' wavefronts (ideal ' + acc.ideal_wavefronts + '), ' + bc + ' bank conflicts, at worst ' +
		acc.max_ways + '-way' + (acc.analytic !== undefined ? ' (Triton\'s closed form: ' + acc.analytic + ')' : '');
}

function drawBankGrid(a) {
	const v = a.access.view;
	const names = a.logical.names;
	const table = $('bank-grid');
	table.replaceChildren();
	if (!v) return;
	const hot = new Set(v.conflicting_banks);
	const depth = Math.max(1, ...v.banks.map((b) => b.words.length));
	table.append(h('tr', {}, h('th', {}, 'bank'), v.banks.map((b) =>
		h('th', {class: hot.has(b.bank) ? 'conflict' : null, 'data-testid': 'bank-head', 'data-bank': b.bank,
			title: plural(b.words.length, 'word')}, String(b.bank)))));
	for (let r = 0; r < depth; r++) {
		table.append(h('tr', {}, h('th', {}, r ? 'word ' + (r + 1) : 'word 1'), v.banks.map((b) => {
			const w = b.words[r];
			if (!w) return h('td', {class: hot.has(b.bank) ? 'conflict' : null});
			const lanes = [...new Set(w.accesses.map((x) => x.lane))];
			const tip = 'word ' + w.word + ' (bank ' + b.bank + '): ' + w.accesses.map((x) =>
				'lane ' + x.lane + ' ' + fmtElem(x.logical, names) + ' @' + x.offset).join(', ');
			return h('td', {class: 'word' + (hot.has(b.bank) ? ' conflict' : ''), 'data-testid': 'bank-cell',
				'data-bank': b.bank, 'data-word': w.word, title: tip},
				'w' + w.word, h('span', {class: 'lanes'}, 'L' + lanes.join(',')));
		})));
	}
}

/* The lanes of the whole warp or wave (32 on NVIDIA, 64 on AMD), those
 * the wavefront or phase on screen serves marked, each with its banks. */
function drawBankLanes(acc) {
	const v = acc.view, box = $('bank-lanes');
	box.replaceChildren();
	if (!v) return;
	const n = acc.wave_lanes || 32;
	const served = new Set(v.phase_lanes || Array.from({length: v.lanes[1] - v.lanes[0] + 1}, (_, k) => v.lanes[0] + k));
	const banksOf = new Map();
	for (const b of v.banks)
		for (const w of b.words)
			for (const x of w.accesses) {
				if (!banksOf.has(x.lane)) banksOf.set(x.lane, new Set());
				banksOf.get(x.lane).add(b.bank);
			}
	box.append(h('span', {class: 'muted small'}, plural(n, 'lane') + ' of the ' + (acc.target === 'nvidia' || !acc.target ? 'warp' : 'wave') + ', ' +
		served.size + ' served by this ' + (v.phase_lanes || (acc.target && acc.target !== 'nvidia') ? 'phase' : 'wavefront') + ':'));
	for (let l = 0; l < n; l++) {
		const bs = [...(banksOf.get(l) || [])].sort((x, y) => x - y);
		box.append(h('span', {class: 'ln' + (served.has(l) ? ' in' : ''), 'data-testid': 'bank-lane', 'data-lane': l,
			'data-in': served.has(l) ? '1' : null, 'data-banks': bs.length ? bs.join(',') : null,
			title: 'lane ' + l + (served.has(l) ? ': banks ' + bs.join(', ') : ': not in this wavefront')}, String(l)));
	}
}

function renderBankState() {
	const which = bank.swizzled ? bank.sa : bank.a;
	const acc = which.access;
	const v = acc.view;
	$('bank-summary').textContent = (bank.swizzled ? 'with ' + bank.a.access.suggestion.swizzle + ': ' : '') + accessLine(acc) +
		(v ? ' — showing instruction ' + v.instruction + ', wavefront ' + v.wavefront + ' (lanes ' +
			(v.phase_lanes ? v.phase_lanes.join(',') : v.lanes[0] + '–' + v.lanes[1]) +
			', registers ' + v.registers.join(',') + '): ' + v.ways + '-way' : '');
	$('bank-instr').max = String(Math.max(0, acc.instructions - 1));
	$('bank-wf').max = String(Math.max(0, acc.wavefronts_per_instruction - 1));
	if (v) {
		$('bank-instr').value = String(v.instruction);
		$('bank-wf').value = String(v.wavefront);
	}
	$('bank-original').hidden = !bank.swizzled;
	$('bank-swizzle').hidden = bank.swizzled;
	$('banks-sub').textContent = 'one wavefront of one instruction: the ' + (acc.banks || 32) + ' banks of ' +
		(acc.target || 'nvidia') + ', the distinct words each serves, the lanes on each word';
	drawBankLanes(acc);
	drawBankGrid(which);
}

/* ---------- global sectors and conversions ---------- */
function fmtHardware(p) {
	return Object.entries(p).map(([k, v]) => k + ' ' + v).join(', ');
}

function renderSectors(a) {
	const acc = a.access;
	if (!acc || acc.space !== 'global') {
		$('sectors').hidden = true;
		return;
	}
	$('sectors').hidden = false;
	const w = acc.worst || {examples: []};
	$('sector-summary').textContent = 'global ' + acc.op + ' of ' + acc.vector.bits + '-bit vectors' +
		(acc.target && acc.target !== 'nvidia' ? ' on ' + acc.target : '') + ': ' +
		plural(acc.instructions, 'instruction') + ', ' + acc.sectors + ' sectors (ideal ' + acc.ideal_sectors + '), ' +
		acc.lines + ' lines, efficiency ' + (100 * acc.efficiency).toFixed(1) + '%; the worst, instruction ' +
		w.instruction + ', touches ' + w.sectors + ' sectors in ' + w.lines + ' lines';
	const table = $('sector-grid');
	table.replaceChildren(h('tr', {}, h('th', {}, 'sector'), h('th', {}, 'line'), h('th', {}, 'bytes'),
		h('th', {}, 'accesses'), h('th', {}, 'lanes (element @ offset)')));
	for (const sec of w.examples)
		table.append(h('tr', {'data-testid': 'sector-row', 'data-sector': sec.sector},
			h('td', {}, String(sec.sector)), h('td', {}, String(sec.line)),
			h('td', {}, sec.bytes[0] + '–' + sec.bytes[1]), h('td', {}, String(sec.accesses)),
			h('td', {}, sec.examples.map((x) => 'L' + x.lane + ' ' + fmtElem(x.logical, a.logical.names) + ' @' +
				x.offset).join('; ') + (sec.accesses > sec.examples.length ? ' …' : ''))));
}

function renderConvert(a) {
	const cv = a.convert;
	if (!cv) {
		$('convert').hidden = true;
		return;
	}
	$('convert').hidden = false;
	let line = cv.kind + ': ' + cv.reason + '; ' + plural(cv.elements.change_lane, 'element') + ' change lane, ' +
		cv.elements.change_warp + ' change warp';
	if (cv.mixed_transpositions !== undefined) line += ', ' + plural(cv.mixed_transpositions, 'mixed transposition');
	if (cv.store && cv.load)
		line += '; through a scratch (' + (cv.swizzle.swizzle || 'swizzled, linear bases') + '): store ' +
			cv.store.bank_conflicts + ', load ' + cv.load.bank_conflicts + ' bank conflicts';
	$('convert-summary').textContent = line;
	const table = $('convert-grid');
	table.replaceChildren(h('tr', {}, h('th', {}, 'element'), h('th', {}, 'changes'), h('th', {}, 'from'),
		h('th', {}, 'to')));
	for (const x of cv.examples)
		table.append(h('tr', {'data-testid': 'convert-row', class: x.changes === 'warp' ? 'conflict' : null},
			h('td', {}, fmtElem(x.logical, a.logical.names)), h('td', {}, x.changes),
			h('td', {}, fmtHardware(x.from)), h('td', {}, fmtHardware(x.to))));
}

/* ---------- the conversion, lane by lane ---------- */
const CONVERT_THREADS = 128;   /* threads drawn in the lane-to-lane matrix */
let convertSerial = 0;

/* Every placement row of an analysis, element -> [thread, ...]: the
 * thread index of a place is its owner axes (lane, warp, block; thread),
 * the first the fastest. */
async function threadsByElement(a) {
	const r = a.logical.shape.length, axes = a.physical.axes;
	const own = axes.map((x, k) => k).filter((k) => OWNER_KINDS.has(axes[k].kind));
	const out = new Map();
	let after = '0', n = 1;
	for (const k of own) n *= axes[k].extent;
	while (after !== null) {
		const t = await fetchTable(a.id, 'placement', after, CHUNK);
		for (const row of t.rows) {
			let th = 0, scale = 1;
			for (const k of own) { th += row[r + k] * scale; scale *= axes[k].extent; }
			const e = row.slice(0, r).join(',');
			if (!out.has(e)) out.set(e, []);
			out.get(e).push(th);
		}
		after = t.next;
	}
	return {map: out, threads: n, names: own.map((k) => axes[k].name)};
}

/* Which threads send to which: the source's and the destination's
 * placements joined on the elements, one cell per (from, to) pair. */
async function drawConvertLanes(a, req) {
	const serial = ++convertSerial;
	const box = $('convert-lanes');
	box.replaceChildren();
	const to = req && req.convert && req.convert.to;
	if (!to || a.placements > FULL_ROWS) return;
	let src, dst;
	try {
		const da = (await api('POST', '/v1/analyze', {layout: to})).data;
		src = await threadsByElement(a);
		dst = await threadsByElement(da);
	} catch (e) {
		if (!(e instanceof Problem)) throw e;
		box.append(h('p', {class: 'muted small'}, 'lane-to-lane view not drawn: ' + (e.problem.detail || e.problem.title)));
		return;
	}
	if (serial !== convertSerial) return;
	/* past 128 threads, warps (32 lanes on NVIDIA, 64 on AMD) */
	const threads = Math.max(src.threads, dst.threads);
	const group = threads > CONVERT_THREADS ? (a.convert.target && a.convert.target !== 'nvidia' ? 64 : 32) : 1;
	const unit = group > 1 ? 'warp' : 'thread', n = Math.ceil(threads / group);
	if (n > CONVERT_THREADS) {
		box.append(h('p', {class: 'muted small'}, 'thread-to-thread view: ' + n + ' warps, more than ' + CONVERT_THREADS + ' drawn here'));
		return;
	}
	const pairs = new Map();
	let stay = 0;
	for (const [e, froms] of src.map)
		for (const f0 of froms)
			for (const t0 of dst.map.get(e) || []) {
				const f = Math.floor(f0 / group), t = Math.floor(t0 / group), key = f + ',' + t;
				pairs.set(key, (pairs.get(key) || 0) + 1);
				if (f === t) stay++;
			}
	const small = n <= 32;
	box.append(h('p', {class: 'small', 'data-testid': 'convert-lanes-summary'}, 'which ' + unit + ' sends to which (thread = ' +
		src.names.join(' + ') + ', the first fastest' + (group > 1 ? '; warp = thread / ' + group : '') + '): ' +
		plural(pairs.size, 'sending pair') + ', ' + plural(stay, 'element') + ' staying with its ' + unit + '; row = source ' + unit +
		', column = destination ' + unit + ', cell = elements sent'));
	const table = h('table', {class: 'convlanes' + (small ? '' : ' dense'), 'data-testid': 'convert-lanes-grid', 'data-unit': unit});
	table.append(h('tr', {}, h('th', {}, 'from \\ to'), Array.from({length: n}, (_, t) => h('th', {}, small || t % 8 === 0 ? String(t) : ''))));
	for (let f = 0; f < n; f++) {
		const tr = h('tr', {}, h('th', {}, String(f)));
		for (let t = 0; t < n; t++) {
			const k = pairs.get(f + ',' + t);
			tr.append(k ? h('td', {class: f === t ? 'stay' : 'send', 'data-testid': 'convert-pair', 'data-from': f, 'data-to': t, 'data-n': k,
				title: unit + ' ' + f + ' → ' + unit + ' ' + t + ': ' + plural(k, 'element')}, small ? String(k) : '')
				: h('td', {class: f === t ? 'diag' : null}));
		}
		table.append(tr);
	}
	box.append(h('div', {class: 'scroller'}, table));
}

function renderBanks(a, req) {
	renderSectors(a);
	renderConvert(a);
	if (a.convert) drawConvertLanes(a, req);
	if (!a.access || a.access.space === 'global') {
		$('banks').hidden = true;
		bank = null;
		return;
	}
	bank = {req, a, swizzled: false};
	$('banks').hidden = false;
	$('bank-compare').hidden = true;
	renderBankState();
}

/* Ask for another wavefront (of the layout, or of its swizzled version). */
async function bankShow() {
	if (!bank) return;
	const base = bank.swizzled ? bank.sreq : bank.req;
	const req = JSON.parse(JSON.stringify(base));
	req.access.show = {instruction: Number($('bank-instr').value) || 0, wavefront: Number($('bank-wf').value) || 0};
	delete req.suggest;
	showError(null);
	try {
		const res = await api('POST', '/v1/analyze', req);
		if (bank.swizzled) bank.sa = res.data;
		else bank.a.access.view = res.data.access.view;
		renderBankState();
	} catch (e) {
		if (!(e instanceof Problem)) throw e;
		showError(e);
	}
}

/* Apply the suggested swizzle: the suggestion's linear layout replaces the
 * request's layout; both analyses stay side by side for the comparison. */
async function bankSwizzle() {
	if (!bank) return;
	showError(null);
	try {
		if (!bank.a.access.suggestion) {
			const req = JSON.parse(JSON.stringify(bank.req));
			req.suggest = 'swizzle';
			delete req.expect;
			const res = await api('POST', '/v1/analyze', req);
			bank.a.access.suggestion = res.data.access.suggestion;
		}
		const sug = bank.a.access.suggestion;
		const target = sug.written || sug.layout;
		if (!target) {
			$('bank-compare').hidden = false;
			$('bank-compare').textContent = sug.swizzle + ' on element offsets' + (sug.bytes ? ' (' + sug.bytes + ' on bytes)' : '') +
				': the swizzled layout is not linear over GF(2), so it cannot be shown as a layout here; it needs ' +
				sug.access.wavefronts + ' wavefronts, ' + sug.access.bank_conflicts + ' bank conflicts';
			return;
		}
		const sreq = JSON.parse(JSON.stringify(bank.req));
		sreq.layout = target;
		delete sreq.suggest;
		delete sreq.expect;
		delete sreq.probe;
		if (sreq.access) delete sreq.access.show;
		const res = await api('POST', '/v1/analyze', sreq);
		bank.sreq = sreq;
		bank.sa = res.data;
		bank.swizzled = true;
		const before = bank.a.access, after = bank.sa.access;
		$('bank-compare').hidden = false;
		$('bank-compare').textContent = (sug.needed ? sug.swizzle + ' on element offsets' + (sug.bytes ? ' (' + sug.bytes + ' on bytes)' : '') : 'no swizzle needed') +
			': ' + before.wavefronts + ' → ' + after.wavefronts + ' wavefronts, ' + before.bank_conflicts + ' → ' + after.bank_conflicts +
			' bank conflicts, at worst ' + before.max_ways + '-way → ' + after.max_ways + '-way' +
			(sug.conflict_free ? ' (conflict-free)' : ' (the least conflicting swizzle found)');
		renderBankState();
	} catch (e) {
		if (!(e instanceof Problem)) throw e;
		showError(e);
	}
}

function bankOriginal() {
	if (!bank) return;
	bank.swizzled = false;
	renderBankState();
}

