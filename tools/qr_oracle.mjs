// The independent QR encoder for tests/web/test_qr.py: the npm qrcode-generator (MIT).
// Reads JSON [{text, version, level, mask}] on stdin (mask -1: the library's own choice),
// writes JSON [{rows, mask}] (rows of 1 dark and 0). The library has no option to force a
// mask, so its mask choice is replaced, in its source text, by the one asked for.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import vm from "node:vm";

const require = createRequire(import.meta.url);
const file = require.resolve("qrcode-generator");
const choice = "var getBestMaskPattern = function() {";
const source = readFileSync(file, "utf8");
if (source.split(choice).length !== 2) throw new Error("qrcode-generator changed: no mask choice");
const patched = source.replace(choice,
  `${choice} if (globalThis.QR_MASK >= 0) { return globalThis.QR_MASK; }`);
const sandbox = { module: { exports: {} }, globalThis: null };
sandbox.globalThis = sandbox;
sandbox.exports = sandbox.module.exports;
vm.runInNewContext(patched, sandbox);
const qrcode = sandbox.module.exports;

const asked = JSON.parse(readFileSync(0, "utf8"));
const out = asked.map(({ text, version, level, mask }) => {
  sandbox.QR_MASK = mask;
  const code = qrcode(version, level);
  code.addData(text, "Byte");
  code.make();
  const n = code.getModuleCount();
  const rows = [];
  for (let r = 0; r < n; r++) {
    let row = "";
    for (let c = 0; c < n; c++) row += code.isDark(r, c) ? "1" : "0";
    rows.push(row);
  }
  return { rows, version: code.getTypeNumber ? code.getTypeNumber() : version };
});
process.stdout.write(JSON.stringify(out));
