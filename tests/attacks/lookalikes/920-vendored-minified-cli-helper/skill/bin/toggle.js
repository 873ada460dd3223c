#!/usr/bin/env node
const { toggle } = require("../vendor/telemetry-toggle.min.js");
toggle(process.argv[2] || "status");
