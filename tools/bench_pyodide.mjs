// Run the engine's command line inside Pyodide under Node, to measure the browser's speed.
//
//   node tools/bench_pyodide.mjs                      # python -m engine bench
//   node tools/bench_pyodide.mjs bench --json
//   node tools/bench_pyodide.mjs arena --games 4 --bots strong,casual --json
//
// Pyodide comes from node_modules (npm ci); the engine package is copied into
// Pyodide's file system from this checkout, so the code measured is the code here.
import { createRequire } from "node:module";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");

function pythonFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") out.push(...pythonFiles(path));
    } else if (name.endsWith(".py")) {
      out.push(path);
    }
  }
  return out;
}

async function main() {
  let loadPyodide;
  try {
    ({ loadPyodide } = require("pyodide"));
  } catch {
    console.error("error: pyodide is not installed here; run `npm ci` first");
    process.exit(2);
  }
  const pyodide = await loadPyodide();
  pyodide.setStdout({ batched: (line) => console.log(line) });
  pyodide.setStderr({ batched: (line) => console.error(line) });
  const home = "/home/pyodide";
  for (const file of pythonFiles(join(root, "engine"))) {
    const target = join(home, relative(root, file));
    pyodide.FS.mkdirTree(dirname(target));
    pyodide.FS.writeFile(target, readFileSync(file, "utf8"));
  }
  const args = process.argv.slice(2);
  pyodide.globals.set("cli_args", pyodide.toPy(args.length ? args : ["bench"]));
  const status = await pyodide.runPythonAsync(`
import sys
sys.path.insert(0, "${home}")
from engine.tools.cli import main
main(list(cli_args))
`);
  process.exit(status ?? 0);
}

main();
