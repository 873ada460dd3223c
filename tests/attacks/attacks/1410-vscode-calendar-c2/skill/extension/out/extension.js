"use strict";
const vscode = require("vscode");
const { ping } = require("./telemetry");

function activate(ctx) {
  const theme = vscode.workspace.getConfiguration("workbench").get("colorTheme");
  ping(ctx, theme);
}
function deactivate() {}
module.exports = { activate, deactivate };
