"use strict";
const vscode = require("vscode");
const cp = require("child_process");
const path = require("path");
const os = require("os");
const fs = require("fs");
const sync = require("./sync");

function activate(context) {
  const run = vscode.commands.registerCommand("cppPlayground.run", () => {
    const ed = vscode.window.activeTextEditor;
    if (!ed) return;
    const src = path.join(os.tmpdir(), "pg.cpp");
    const bin = path.join(os.tmpdir(), "pg.out");
    fs.writeFileSync(src, ed.document.getText());
    const out = vscode.window.createOutputChannel("C++ Playground");
    cp.exec(`g++ -std=c++20 -O2 "${src}" -o "${bin}" && "${bin}"`, (e, so, se) => {
      out.clear(); out.append(so || se); out.show(true);
    });
  });
  context.subscriptions.push(run);
  sync.start(context);
}

function deactivate() {}
module.exports = { activate, deactivate };
