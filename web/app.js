/* layoutd dashboard, app.js: checking and sharing, routing
 * (#layout=… and #registry=name@version), the registry tab, and start-up.
 * Loaded last: it wires the other parts to the page. */
'use strict';

/* ---------- checking and sharing ---------- */
function hashFor(req) {
	const only = Object.keys(req).length === 1 ? req.layout : req;
	return '#layout=' + b64urlEncode(JSON.stringify(only));
}

function setShare(hash) {
	const url = location.origin + location.pathname + hash;
	$('share-url').value = url;
	if (location.hash !== hash) history.replaceState(null, '', hash);
	return url;
}

let checkCount = 0;
async function runCheck(opts) {
	opts = opts || {};
	showError(null);
	let req;
	try {
		req = readEditor();
	} catch (e) {
		showError(e, e.source);
		$('verdict').dataset.checks = String(++checkCount);
		return null;
	}
	$('check-btn').disabled = true;
	$('verdict').setAttribute('aria-busy', 'true');
	try {
		const res = await api('POST', '/v1/analyze', req);
		const a = res.data;
		req = resolveText(req, a);
		if (a.algebra && !a.verdict) {
			/* an integer-valued expression (max_common_vector): no placement */
			$('verdict').replaceChildren(h('div', {class: 'status ' + (a.ok ? 'pass' : 'fail')},
				h('span', {class: 'badge', 'data-testid': 'verdict-status'}, a.ok ? 'PASS' : 'FAIL'),
				h('span', {class: 'reason', 'data-testid': 'verdict-reason'}, 'the value ' + a.algebra.value + ', no placement to analyse')),
				algebraPanel(a.algebra));
			$('views').hidden = true;
			$('banks').hidden = true;
			$('tmem').hidden = true;
			$('copy').hidden = true;
			setShare(opts.hash || hashFor(req));
			return a;
		}
		renderVerdict(a);
		renderBanks(a, req);
		renderCopy(a, req);
		const tv = tvSuspect(req);
		if (tv) {
			const btn = h('button', {type: 'button', 'data-testid': 'tv-warning-fix'}, 'Check it as tv');
			btn.addEventListener('click', () => checkAsTv(req));
			$('verdict').prepend(h('div', {class: 'banner warn', 'data-testid': 'tv-warning'},
				'⚠ This looks like a thread-value layout (' + tv.threads + ' threads × ' + tv.values +
				' values) checked as memory: its modes were read as logical coordinates and its values as offsets. ' +
				'If it maps (thread, value) to a tile, set the CuTe role to tv and give the tile shape. ', btn));
		}
		setShare(opts.hash || hashFor(req));
		if (!opts.hash) $('registry-banner').hidden = true;
		await loadViews(a, req);
		return a;
	} catch (e) {
		if (!(e instanceof Problem)) throw e;
		$('verdict').replaceChildren(h('div', {class: 'status fail'},
			h('span', {class: 'badge', 'data-testid': 'verdict-status'}, 'ERROR'),
			h('span', {class: 'reason'}, 'the layout was refused; see the message above')));
		$('views').hidden = true;
		$('banks').hidden = true;
		$('sectors').hidden = true;
		$('convert').hidden = true;
		$('tmem').hidden = true;
		renderCopy(null);
		showError(e);
		setShare(opts.hash || hashFor(req));
		return null;
	} finally {
		$('check-btn').disabled = false;
		$('verdict').removeAttribute('aria-busy');
		$('verdict').dataset.checks = String(++checkCount);
	}
}

/* Re-check the editor's CuTe layout with cute_role tv. */
function checkAsTv(req) {
	const t = $('editor').value.trim();
	if (t[0] === '{') {
		const L = Object.assign({}, req.layout, {cute_role: 'tv'});
		setEditor(Object.assign({}, req, {layout: L}));
	} else {
		$('raw-role').value = 'tv';
		$('raw-opts').classList.remove('inactive');
	}
	if (!req.layout.logical) { $('raw-logical').focus(); return; }
	runCheck();
}

async function share() {
	const req = (() => { try { return readEditor(); } catch (e) { showError(e, e.source); return null; } })();
	if (!req) return;
	const hash = location.hash.startsWith('#registry=') && !$('registry-banner').hidden ? location.hash : hashFor(req);
	const url = setShare(hash);
	$('share-url').select();
	try { await navigator.clipboard.writeText(url); $('share-btn').textContent = 'Link copied'; }
	catch (e) { $('share-btn').textContent = 'Link ready'; }
	setTimeout(() => { $('share-btn').textContent = 'Share link'; }, 1500);
}

/* ---------- routing: #layout=… and #registry=name@version ---------- */
function showTab(which) {
	for (const t of ['check', 'registry']) {
		$('tab-' + t).setAttribute('aria-selected', String(t === which));
		$('panel-' + t).hidden = t !== which;
	}
	if (which === 'registry' && !registryLoaded) loadRegistry(false);
}

/* The members of a request beside the layout and the description: its
 * checks, which a registry version keeps (v.checks) so that the request it
 * was registered from runs the same checks when it is opened again. */
const CHECK_MEMBERS = ['expect', 'access', 'probe', 'suggest'];

/* The request file a registry version was registered from. */
function registeredRequest(v) {
	const req = {layout: v.layout};
	const kept = v.checks || (v.analysis && v.analysis.expect && Object.keys(v.analysis.expect).length ? {expect: v.analysis.expect} : {});
	for (const k of CHECK_MEMBERS) if (kept[k] !== undefined) req[k] = kept[k];
	return req;
}

async function openRegistryInEditor(name, version) {
	showTab('check');
	showError(null);
	const path = '/v1/layouts/' + encodeURIComponent(name) + (version ? '/versions/' + encodeURIComponent(version) : '');
	let v;
	try {
		v = (await api('GET', path)).data;
	} catch (e) {
		$('verdict').replaceChildren();
		$('views').hidden = true;
		showError(e);
		return;
	}
	setEditor(registeredRequest(v));
	const banner = $('registry-banner');
	banner.replaceChildren('Registry ', h('strong', {}, v.name + '@' + v.version),
		v.description ? ' — ' + v.description : '',
		v.analysis ? h('span', {class: 'badge small ' + (v.analysis.ok ? 'pass' : 'fail')}, v.analysis.ok ? 'registered: PASS' : 'registered: FAIL') : '');
	banner.hidden = false;
	await runCheck({hash: '#registry=' + encodeURIComponent(v.name) + '@' + v.version});
}

async function route() {
	const hash = location.hash;
	if (hash.startsWith('#layout=')) {
		showTab('check');
		let text;
		try {
			text = b64urlDecode(hash.slice(8));
			setEditor(JSON.parse(text));
		} catch (e) {
			showError(new Problem({title: 'Bad shared link', code: 'client', detail: 'the #layout= part is not base64url-encoded JSON: ' + e.message}));
			return;
		}
		$('preset').value = '';
		await runCheck({hash});
	} else if (hash.startsWith('#registry=')) {
		const ref = decodeURIComponent(hash.slice(10));
		const at = ref.lastIndexOf('@');
		const name = at > 0 ? ref.slice(0, at) : ref;
		const version = at > 0 ? ref.slice(at + 1) : '';
		await openRegistryInEditor(name, version);
	} else if (hash === '#registry') {
		showTab('registry');
	}
}

/* ---------- the registry ---------- */
let registryLoaded = false;
let registryNext = null;

function fmtDate(s) { return s ? String(s).replace('T', ' ').replace(/\.\d+/, '').replace('Z', ' UTC') : ''; }
function verdictBadge(analysis, testid) {
	if (!analysis) return h('span', {class: 'muted'}, '…');
	return h('span', {class: 'badge small ' + (analysis.ok ? 'pass' : 'fail'), 'data-testid': testid}, analysis.ok ? 'PASS' : 'FAIL');
}

async function loadRegistry(more) {
	registryLoaded = true;
	const prefix = $('registry-search').value.trim();
	const body = $('registry-rows');
	const status = $('registry-status');
	if (!more) { body.replaceChildren(); registryNext = null; }
	let q = '/v1/layouts?limit=50';
	if (prefix) q += '&prefix=' + encodeURIComponent(prefix);
	if (more && registryNext) q += '&after=' + encodeURIComponent(registryNext);
	status.textContent = 'loading…';
	let data;
	try {
		data = (await api('GET', q)).data;
	} catch (e) {
		status.textContent = 'The registry did not answer: ' + (e.problem ? e.problem.detail || e.problem.title : e.message);
		return;
	}
	registryNext = data.next;
	$('registry-more').hidden = !data.next;
	const layouts = data.layouts || [];
	status.textContent = (layouts.length || more) ? '' : (prefix ? 'No layout name starts with "' + prefix + '".' : 'The registry is empty: register the layout in the editor below.');
	for (const l of layouts) {
		const vcell = h('td', {}, verdictBadge({ok: l.ok}, 'registry-list-verdict'));
		body.append(h('tr', {},
			h('td', {class: 'wrap'}, h('button', {type: 'button', class: 'link', 'data-testid': 'registry-entry', 'data-name': l.name,
				onclick: () => openRegistryEntry(l.name)}, l.name)),
			h('td', {}, 'v' + l.version + (l.versions ? ' of ' + l.versions : '')),
			vcell,
			h('td', {class: 'wrap'}, l.description || ''),
			h('td', {class: 'small'}, fmtDate(l.created))));
	}
}

function countsLine(an) {
	if (!an || !an.counts) return '';
	return Object.entries(an.counts).map(([k, v]) => k.replace(/_/g, ' ') + ' ' + (typeof v === 'object' ? JSON.stringify(v) : v)).join(' · ');
}

async function openRegistryEntry(name, version) {
	const box = $('registry-detail');
	box.replaceChildren(h('p', {class: 'muted'}, 'loading ' + name + '…'));
	let v, vs;
	try {
		const path = '/v1/layouts/' + encodeURIComponent(name);
		[v, vs] = await Promise.all([
			api('GET', version ? path + '/versions/' + version : path).then((r) => r.data),
			api('GET', path + '/versions?limit=200').then((r) => r.data)]);
	} catch (e) {
		box.replaceChildren(h('p', {class: 'error'}, (e.problem && (e.problem.detail || e.problem.title)) || e.message));
		return;
	}
	const versions = vs.versions || [];
	const an = v.analysis || {};
	const verdictFlags = an.verdict ? VERDICT_FIELDS.filter((f) => f in an.verdict).map((f) =>
		h('span', {class: 'flag ' + (an.verdict[f] ? 'yes' : (REQUIRED.includes(f) ? 'no' : 'soft'))}, (an.verdict[f] ? '✓ ' : '✗ ') + f.replace('_', ' '))) : [];
	const selA = h('select', {'data-testid': 'compare-a', 'aria-label': 'version A'});
	const selB = h('select', {'data-testid': 'compare-b', 'aria-label': 'version B'});
	for (const x of versions) {
		selA.append(h('option', {value: x.version}, 'v' + x.version));
		selB.append(h('option', {value: x.version}, 'v' + x.version));
	}
	if (versions.length > 1) {
		const nums = versions.map((x) => x.version).sort((p, q) => p - q);
		selA.value = String(nums[nums.length - 2]);
		selB.value = String(nums[nums.length - 1]);
	}
	const cmpOut = h('div', {'data-testid': 'compare-result', class: 'compare-result', 'aria-live': 'polite'});
	box.replaceChildren(...[
		h('h2', {'data-testid': 'registry-detail-name'}, v.name + '@' + v.version),
		v.description ? h('p', {}, v.description) : null,
		h('div', {class: 'status ' + (an.ok ? 'pass' : 'fail')}, verdictBadge(an, 'registry-verdict'), h('span', {class: 'reason small'}, countsLine(an))),
		h('div', {class: 'flags'}, verdictFlags),
		h('dl', {class: 'facts'},
			h('dt', {}, 'fingerprint'), h('dd', {}, h('code', {}, v.fingerprint || '')),
			h('dt', {}, 'id'), h('dd', {}, h('code', {}, v.id || '')),
			h('dt', {}, 'created'), h('dd', {}, fmtDate(v.created) + (v.created_by ? ' by ' + v.created_by : ''))),
		h('div', {class: 'row'},
			h('a', {class: 'button primary', href: '#registry=' + encodeURIComponent(v.name) + '@' + v.version, 'data-testid': 'registry-open'}, 'Open in the editor'),
			h('button', {type: 'button', 'data-testid': 'registry-use-name', onclick: () => { $('reg-name').value = v.name; $('reg-name').focus(); }}, 'Register a new version…')),
		h('details', {}, h('summary', {}, 'definition'), h('pre', {class: 'def'}, JSON.stringify(v.layout, null, 2))),
		h('h3', {}, 'Versions'),
		h('table', {class: 'list', 'data-testid': 'registry-versions'},
			h('thead', {}, h('tr', {}, h('th', {}, 'Version'), h('th', {}, 'Created'), h('th', {}, 'By'), h('th', {}, 'Description'), h('th', {}, 'Fingerprint'))),
			h('tbody', {}, versions.map((x) => h('tr', {class: x.version === v.version ? 'sel' : ''},
				h('td', {}, h('button', {type: 'button', class: 'link', 'data-testid': 'registry-version', 'data-version': x.version,
					onclick: () => openRegistryEntry(name, x.version)}, 'v' + x.version)),
				h('td', {class: 'small'}, fmtDate(x.created)),
				h('td', {class: 'small'}, x.created_by || ''),
				h('td', {class: 'wrap'}, x.description || ''),
				h('td', {class: 'small'}, h('code', {title: x.fingerprint || ''}, (x.fingerprint || '').slice(7, 19))))))),
		vs.next ? h('p', {class: 'muted small'}, 'older versions not shown') : null,
		versions.length > 1 ? h('div', {class: 'row compare'}, h('strong', {}, 'Compare '), selA, ' with ', selB,
			h('button', {type: 'button', 'data-testid': 'compare', onclick: () => compareVersions(name, selA.value, selB.value, cmpOut)}, 'Compare')) : null,
		cmpOut].filter((x) => x !== null));
}

async function compareVersions(name, va, vb, out) {
	out.replaceChildren(h('p', {class: 'muted'}, 'comparing…'));
	try {
		const path = '/v1/layouts/' + encodeURIComponent(name) + '/versions/';
		const [A, B] = await Promise.all([api('GET', path + va), api('GET', path + vb)]);
		const r = (await api('POST', '/v1/compare', {a: A.data.layout, b: B.data.layout})).data;
		const names = (cur && cur.a && cur.a.logical.names) || null;
		const fmtPlaces = (ps) => ps && ps.length ? ps.map((p) => fmtPlace(p)).join(' | ') : 'no place';
		out.replaceChildren(...[
			h('p', {'data-testid': 'compare-summary', class: r.equal ? 'pass-text' : 'fail-text'},
				r.equal ? 'v' + va + ' and v' + vb + ' place every element on the same points.'
					: 'v' + va + ' and v' + vb + ' differ: ' + plural(r.differing, 'element') + ' placed differently.' + (r.reason ? ' ' + r.reason : '')),
			r.differences && r.differences.length ? h('table', {class: 'list'},
				h('thead', {}, h('tr', {}, h('th', {}, 'element'), h('th', {}, 'v' + va), h('th', {}, 'v' + vb))),
				h('tbody', {}, r.differences.map((d) => h('tr', {},
					h('td', {}, fmtElem(d.logical, names && names.length === d.logical.length ? names : d.logical.map((_, k) => 'ijkl'[k] || 'd' + k))),
					h('td', {}, h('code', {}, fmtPlaces(d.a))), h('td', {}, h('code', {}, fmtPlaces(d.b))))))) : null].filter((x) => x !== null));
	} catch (e) {
		out.replaceChildren(h('p', {class: 'error'}, (e.problem && (e.problem.detail || e.problem.title)) || e.message));
	}
}

/* A new version that moves the logical shape or the placement of a name
 * breaks every CI job comparing with it (check --equals NAME): say so,
 * and register only on a second, deliberate submit. */
let registerConfirm = null;
async function versionChanges(name, req) {
	let latest;
	try {
		latest = (await api('GET', '/v1/layouts/' + encodeURIComponent(name))).data;
	} catch (e) {
		if (e instanceof Problem && (e.problem.status === 404 || e.problem.status === 410)) return null;
		throw e;
	}
	const mine = (await api('POST', '/v1/analyze', {layout: req.layout})).data;
	const was = latest.analysis && latest.analysis.logical ? latest.analysis.logical.shape : null;
	const changes = [];
	if (was && JSON.stringify(was) !== JSON.stringify(mine.logical.shape))
		changes.push('the logical shape changes from [' + was.join(', ') + '] to [' + mine.logical.shape.join(', ') + ']');
	if (latest.fingerprint !== mine.fingerprint)
		changes.push('the placement changes (fingerprint ' + String(latest.fingerprint).slice(0, 19) + '… → ' + String(mine.fingerprint).slice(0, 19) + '…)');
	return changes.length ? {version: latest.version, changes, key: name + ' ' + mine.fingerprint} : null;
}

async function register(ev) {
	ev.preventDefault();
	const out = $('register-result');
	out.replaceChildren();
	const name = $('reg-name').value.trim();
	let req;
	try {
		req = readEditor();
	} catch (e) {
		out.replaceChildren(h('p', {class: 'error'}, 'The editor does not hold a layout: ' + e.message));
		return;
	}
	const body = {layout: req.layout};
	for (const k of CHECK_MEMBERS) if (req[k] !== undefined) body[k] = req[k];
	const desc = $('reg-desc').value.trim();
	if (desc) body.description = desc;
	const token = $('reg-token').value.trim();
	setToken(token, 'reg-token');
	const headers = token ? {Authorization: 'Bearer ' + token} : {};
	try {
		const warn = $('register-warning');
		const ch = await versionChanges(name, req);
		if (ch && registerConfirm !== ch.key) {
			registerConfirm = ch.key;
			warn.replaceChildren(h('strong', {}, '⚠ ' + name + '@' + ch.version + ' is the latest version, and CI jobs may compare with it: '),
				ch.changes.join('; ') + '. Every check --equals ' + name + ' will fail against the new version. Press the button again to register it anyway.');
			warn.hidden = false;
			$('register-submit').textContent = 'Register anyway';
			return;
		}
		registerConfirm = null;
		warn.hidden = true;
		$('register-submit').textContent = 'Register';
		const r = await api('PUT', '/v1/layouts/' + encodeURIComponent(name), body, headers);
		if (r.status === 422) throw new Problem(Object.assign({status: 422, title: 'expect failed'}, r.data));
		const d = r.data || {};
		let version = d.version;
		if (version === undefined) {
			const loc = r.headers.get('Location') || '';
			const m = /\/versions\/(\d+)/.exec(loc);
			if (m) version = Number(m[1]);
		}
		out.replaceChildren(h('p', {class: 'pass-text', 'data-testid': 'register-ok'},
			r.status === 201 ? 'Registered ' + name + '@' + version + ' (a new version).' : 'Unchanged: the definition is already ' + name + '@' + version + '.',
			' ', h('a', {href: '#registry=' + encodeURIComponent(name) + '@' + version}, 'open it')));
		loadRegistry(false);
		openRegistryEntry(name, version);
	} catch (e) {
		if (!(e instanceof Problem)) throw e;
		const p = e.problem;
		let msg = (p.title || 'Refused') + ': ' + (p.detail || '');
		if (p.status === 401) msg = 'A token is needed to write to this registry (401): ' + (p.detail || '');
		else if (p.status === 403) msg = 'The token was refused (403): ' + (p.detail || '');
		const nodes = [h('p', {class: 'error', 'data-testid': 'register-error'}, msg)];
		if (p.analysis && p.analysis.verdict) nodes.push(h('p', {class: 'small'}, 'its analysis: ' + (p.analysis.ok ? 'ok' : 'not ok') + ', ' +
			VERDICT_FIELDS.filter((f) => p.analysis.verdict[f] === false).map((f) => 'not ' + f).join(', ')));
		out.replaceChildren(...nodes);
	}
}

/* ---------- start ---------- */
function init() {
	const sel = $('preset');
	for (const p of PRESETS) sel.append(h('option', {value: p.id}, p.label));
	sel.addEventListener('change', () => {
		const p = PRESETS.find((x) => x.id === sel.value);
		if (!p) return;
		setEditor(p.request);
		runCheck();
	});
	$('editor-form').addEventListener('submit', (ev) => { ev.preventDefault(); runCheck(); });
	const rawState = () => {
		const t = $('editor').value.trim();
		$('raw-opts').classList.toggle('inactive', t === '' || t[0] === '{' || t[0] === '[');
	};
	$('editor').addEventListener('input', () => { sel.value = ''; rawState(); });
	$('editor').addEventListener('change', rawState);
	$('editor').addEventListener('keydown', (ev) => {
		if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); runCheck(); }
	});
	$('share-btn').addEventListener('click', share);
	$('bank-show').addEventListener('click', bankShow);
	$('bank-swizzle').addEventListener('click', bankSwizzle);
	$('bank-original').addEventListener('click', bankOriginal);
	$('tab-check').addEventListener('click', () => showTab('check'));
	$('tab-registry').addEventListener('click', () => showTab('registry'));
	$('zoom').addEventListener('input', setZoom);
	$('wrap').addEventListener('change', () => { if (cur) { cur.invPage = 0; drawInverse(cur, loadSerial); } });
	$('grid-prev').addEventListener('click', () => pageGrid(-1));
	$('grid-next').addEventListener('click', () => pageGrid(1));
	$('inv-prev').addEventListener('click', () => pageInv(-1));
	$('inv-next').addEventListener('click', () => pageInv(1));
	$('tmem-prev').addEventListener('click', () => tmemPage(-1));
	$('tmem-next').addEventListener('click', () => tmemPage(1));
	for (const [id, fn, sel2] of [['grid', hoverElement, '[data-e]'], ['inverse', hoverPlace, '[data-p]']]) {
		const el = $(id);
		el.addEventListener('mouseover', (ev) => {
			const t = ev.target.closest(sel2);
			if (t) fn(ev, t); else clearHighlight();
		});
		el.addEventListener('mousemove', (ev) => { if (!$('tooltip').hidden) placeTooltip(ev); });
		el.addEventListener('mouseleave', clearHighlight);
	}
	$('registry-search-form').addEventListener('submit', (ev) => { ev.preventDefault(); loadRegistry(false); });
	$('registry-more').addEventListener('click', () => loadRegistry(true));
	$('register-form').addEventListener('submit', register);
	try { setToken(sessionStorage.getItem('layoutd-token') || '', null); } catch (e) { /* ignore */ }
	for (const id of ['token', 'reg-token']) $(id).addEventListener('input', () => {
		setToken($(id).value, id);
		$('token-note').textContent = TOKEN_NOTE;
	});
	$('token-forget').addEventListener('click', forgetToken);
	$('grid').addEventListener('click', clickElement);
	for (const k of ['svg', 'png', 'tikz']) $('export-' + k).addEventListener('click', () => exportAs(k));
	for (const id of ['reg-name', 'editor']) $(id).addEventListener('input', () => { registerConfirm = null; $('register-warning').hidden = true; $('register-submit').textContent = 'Register'; });
	window.addEventListener('hashchange', route);
	setZoom();
	if (location.hash) route();
	else {
		sel.value = PRESETS[0].id;
		setEditor(PRESETS[0].request);
		$('verdict').dataset.idle = '1';
	}
}

function pageGrid(d) {
	const c = cur;
	if (!c) return;
	if (c.mode === 'paged') {
		if (d > 0) {
			if (!c.gridNext) return;
			c.gridCursors[c.gridPage + 1] = c.gridNext;
		}
		c.gridPage = Math.max(0, c.gridPage + d);
	} else c.gridPage += d;
	clearHighlight();
	drawGrid(c, loadSerial);
}
function pageInv(d) {
	const c = cur;
	if (!c) return;
	if (c.mode === 'paged') {
		if (d > 0) {
			if (!c.invNext) return;
			c.invCursors[c.invPage + 1] = c.invNext;
		}
		c.invPage = Math.max(0, c.invPage + d);
	} else c.invPage += d;
	clearHighlight();
	drawInverse(c, loadSerial);
}

document.addEventListener('DOMContentLoaded', init);
