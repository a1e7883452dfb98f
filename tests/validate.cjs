// Validators the shell tests call with NODE_PATH set to the npm packages
// pinned in tests/browser/package-lock.json:
//   node validate.cjs sarif SCHEMA FILE   SARIF 2.1.0 (a draft-04 JSON Schema) with ajv
//   node validate.cjs openapi DOC         the OpenAPI document with swagger-parser
// Exit 0 valid, 1 invalid (the errors on stderr), 2 bad usage.
'use strict';
const fs = require('fs');
const [, , what, a, b] = process.argv;

function sarif(schemaPath, file) {
	const Ajv = require('ajv-draft-04');
	const addFormats = require('ajv-formats');
	const ajv = new Ajv({allErrors: true, strict: false});
	addFormats(ajv);
	const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaPath, 'utf8')));
	const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
	if (!validate(doc)) {
		for (const e of validate.errors) console.error(`${e.instancePath || '/'}: ${e.message} ${JSON.stringify(e.params)}`);
		process.exit(1);
	}
	if (doc.version !== '2.1.0') {
		console.error('version is not 2.1.0');
		process.exit(1);
	}
}

async function openapi(doc) {
	const SwaggerParser = require('@apidevtools/swagger-parser');
	try {
		await SwaggerParser.validate(doc);
	} catch (e) {
		console.error(e.message);
		process.exit(1);
	}
}

if (what === 'sarif' && a && b) sarif(a, b);
else if (what === 'openapi' && a) openapi(a);
else {
	console.error('usage: node validate.cjs sarif SCHEMA FILE | openapi DOC');
	process.exit(2);
}
