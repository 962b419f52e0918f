// Remote play's figures inside Pyodide under Node (the guide to the page's speed):
//
//   node tools/bench_remote.mjs speed [--reps N]
//   node tools/bench_remote.mjs sizes --games 2 --tables 2p
//
// Pyodide comes from node_modules (npm ci); engine/ and tools/bench_remote.py are copied
// into Pyodide's file system from this checkout, so the code measured is the code here.
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
  const files = [...pythonFiles(join(root, "engine")), join(root, "tools", "bench_remote.py")];
  for (const file of files) {
    const target = join(home, relative(root, file));
    pyodide.FS.mkdirTree(dirname(target));
    pyodide.FS.writeFile(target, readFileSync(file, "utf8"));
  }
  pyodide.FS.writeFile(join(home, "tools", "__init__.py"), "");
  const args = process.argv.slice(2);
  pyodide.globals.set("bench_args", pyodide.toPy(args.length ? args : ["speed"]));
  const status = await pyodide.runPythonAsync(`
import sys
sys.path.insert(0, "${home}")
print(f"Pyodide: Python {sys.version.split()[0]}")
from tools.bench_remote import main
main(list(bench_args))
`);
  process.exit(status ?? 0);
}

main();
