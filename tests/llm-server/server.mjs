#!/usr/bin/env node
// A small OpenAI-compatible chat-completions server for a GGUF model, on
// loopback only, answering the way llama.cpp's `llama-server -np 1` does:
// the same routes, envelopes, error bodies and limits, with structured
// outputs constrained by a grammar. It runs llama.cpp through
// node-llama-cpp's prebuilt binary and never downloads or builds anything.
//
//   node server.mjs --model PATH [--port 0] [--ctx 4096] [--threads 2]
//                   [--alias NAME] [--exit-with-stdin]
//
// Prints one line, `listening http://127.0.0.1:PORT`, on stdout once the
// model is loaded; everything else goes to stderr. With --exit-with-stdin it
// stops when its standard input closes (the process that started it died).

import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { getLlama, LlamaChat } from "node-llama-cpp";

const MAX_BODY = 8 * 1024 * 1024;

const log = (...parts) => console.error(`[llm-server ${new Date().toISOString()}]`, ...parts);

// ------------------------------------------------------------------ options

function options() {
  const { values } = parseArgs({
    options: {
      model: { type: "string" },
      port: { type: "string", default: "0" },
      ctx: { type: "string", default: "4096" },
      threads: { type: "string", default: "2" },
      alias: { type: "string" },
      "exit-with-stdin": { type: "boolean", default: false },
    },
  });
  const int = (name, min, max) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be an integer from ${min} to ${max}`);
    return n;
  };
  if (!values.model) throw new Error("--model PATH (a .gguf file) is required");
  return {
    model: path.resolve(values.model),
    port: int("port", 0, 65535),
    ctx: int("ctx", 256, 1 << 20),
    threads: int("threads", 1, 1024),
    alias: values.alias,
    exitWithStdin: values["exit-with-stdin"],
  };
}

// ------------------------------------------------------------------ errors

// llama.cpp's error body: {"error": {"code": STATUS, "message", "type"}}.
class HttpError extends Error {
  constructor(status, message, type = "invalid_request_error", extra = {}, headers = {}) {
    super(message);
    Object.assign(this, { status, type, extra, headers });
  }
  body() {
    return { error: { code: this.status, message: this.message, type: this.type, ...this.extra } };
  }
}

const badRequest = (message) => new HttpError(400, message);
const isObject = (v) => v != null && typeof v === "object" && !Array.isArray(v);

// ------------------------------------------------------- JSON schema → grammar

// "Any JSON value" in the schema dialect node-llama-cpp's grammar takes.
const ANY = {
  oneOf: [
    { type: ["string", "number", "boolean", "null"] },
    { type: "object", additionalProperties: true },
    { type: "array" },
  ],
};

// The widest integer range turned into an enum: llama.cpp enforces an
// integer's minimum/maximum, node-llama-cpp's grammar does not.
const MAX_INT_ENUM = 1000;

// Keywords no grammar here enforces: dropped (the grammar is looser), named.
const UNENFORCED = ["pattern", "multipleOf", "uniqueItems", "not", "if", "then", "else", "patternProperties",
  "propertyNames", "dependentRequired", "dependentSchemas", "contains", "minContains", "maxContains"];

// Rewrites a JSON schema (OpenAI's structured outputs) into the subset that
// node-llama-cpp's grammar understands, so that no schema crashes it or
// silently becomes `null` (what it makes of a schema it does not know).
// Enforced: type (one or several), const, enum, oneOf/anyOf, allOf (merged
// into one), $ref into $defs/definitions, properties (each listed one is
// generated, in order), additionalProperties (absent counts as false when
// properties are listed), min/maxProperties, items, prefixItems, minItems,
// maxItems, minLength, maxLength, format date/time/date-time, and an
// integer's minimum/maximum (as an enum, up to 1000 values). What is not
// enforced is added to `dropped`.
function toGrammarSchema(schema, dropped, depth = 0) {
  if (depth > 64) throw badRequest("JSON schema conversion failed: nested too deeply");
  if (schema === true || schema == null || (isObject(schema) && Object.keys(schema).length === 0)) return ANY;
  if (!isObject(schema)) throw badRequest("JSON schema conversion failed: a schema must be an object");
  const sub = (s) => toGrammarSchema(s, dropped, depth + 1);
  const described = (out) => (typeof schema.description === "string" ? { ...out, description: schema.description } : out);
  UNENFORCED.filter((k) => k in schema).forEach((k) => dropped.add(k));
  const allDefs = { ...(isObject(schema.definitions) ? schema.definitions : {}), ...(isObject(schema.$defs) ? schema.$defs : {}) };
  const defs = Object.keys(allDefs).length
    ? { $defs: Object.fromEntries(Object.entries(allDefs).map(([k, v]) => [k, sub(v)])) }
    : {};

  if (typeof schema.$ref === "string") {
    const ref = schema.$ref.replace(/^#\/definitions\//, "#/$defs/");
    if (ref.startsWith("#/$defs/")) return { $ref: ref, ...defs };
    dropped.add(`$ref ${schema.$ref}`);
    return ANY;
  }
  const literal = (v) => v === null || ["string", "number", "boolean"].includes(typeof v);
  if ("const" in schema) {
    if (literal(schema.const)) return { const: schema.const };
    dropped.add("const (not a scalar)");
    return ANY;
  }
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter(literal);
    if (values.length !== schema.enum.length) dropped.add("enum (values that are not scalars)");
    return values.length ? described({ enum: values }) : ANY;
  }
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(alternatives) && alternatives.length) return { oneOf: alternatives.map(sub), ...defs };
  if (Array.isArray(schema.allOf) && schema.allOf.length) {
    // Merged into one schema: properties and required lists joined, any
    // other keyword from the last schema that has it.
    const { allOf, ...merged } = schema;
    for (const part of allOf) {
      if (!isObject(part)) throw badRequest("JSON schema conversion failed: allOf holds a schema that is not an object");
      const { properties, required, ...rest } = part;
      Object.assign(merged, rest);
      if (isObject(properties)) merged.properties = { ...(merged.properties ?? {}), ...properties };
      if (Array.isArray(required)) merged.required = [...new Set([...(merged.required ?? []), ...required])];
    }
    return sub(merged);
  }

  let type = schema.type;
  if (type == null) {
    if ("properties" in schema || "additionalProperties" in schema) type = "object";
    else if ("items" in schema || "prefixItems" in schema) type = "array";
    else return ANY;
  }
  if (Array.isArray(type)) {
    const types = [...new Set(type.filter((t) => typeof t === "string"))];
    if (types.length === 0) return ANY;
    if (types.length === 1) return sub({ ...schema, type: types[0] });
    return { oneOf: types.map((t) => sub({ ...schema, type: t })), ...defs };
  }
  const count = (v) => Number.isInteger(v) && v >= 0;
  switch (type) {
    case "object": {
      const props = isObject(schema.properties) ? schema.properties : {};
      const required = new Set(Array.isArray(schema.required) ? schema.required : []);
      if (Object.keys(props).some((k) => !required.has(k))) dropped.add("optional properties (all are generated)");
      const extra = schema.additionalProperties;
      const out = {
        type: "object",
        properties: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, sub(v)])),
        additionalProperties:
          extra === undefined ? Object.keys(props).length === 0 : typeof extra === "boolean" ? extra : sub(extra),
        ...defs,
      };
      if (count(schema.minProperties)) out.minProperties = schema.minProperties;
      if (count(schema.maxProperties)) out.maxProperties = schema.maxProperties;
      return described(out);
    }
    case "array": {
      const out = { type: "array", ...defs };
      const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : null;
      if (prefix) out.prefixItems = prefix.map(sub);
      if (isObject(schema.items) || schema.items === true) out.items = sub(schema.items);
      if (count(schema.minItems)) out.minItems = schema.minItems;
      if (count(schema.maxItems)) out.maxItems = schema.maxItems;
      return described(out);
    }
    case "string": {
      if (["date", "time", "date-time"].includes(schema.format)) return described({ type: "string", format: schema.format });
      if ("format" in schema) dropped.add(`format ${schema.format}`);
      const out = { type: "string" };
      if (count(schema.minLength)) out.minLength = schema.minLength;
      if (count(schema.maxLength)) out.maxLength = schema.maxLength;
      return described(out);
    }
    case "integer": {
      const low = bound(schema.minimum, schema.exclusiveMinimum, +1);
      const high = bound(schema.maximum, schema.exclusiveMaximum, -1);
      if (low != null && high != null && high >= low && high - low < MAX_INT_ENUM) {
        return described({ enum: Array.from({ length: high - low + 1 }, (_, i) => low + i) });
      }
      if (low != null || high != null) dropped.add("minimum/maximum (an unbounded or wide integer range)");
      return described({ type: "integer" });
    }
    case "number":
      if (["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"].some((k) => k in schema)) {
        dropped.add("minimum/maximum (a number)");
      }
      return described({ type });
    case "boolean":
    case "null":
      return described({ type });
    default:
      throw badRequest(`JSON schema conversion failed: unknown type ${JSON.stringify(type)}`);
  }
}

// The integer bound of minimum/exclusiveMinimum (step +1) or of
// maximum/exclusiveMaximum (step -1); null when there is none.
function bound(inclusive, exclusive, step) {
  const found = [];
  if (typeof inclusive === "number") found.push(step > 0 ? Math.ceil(inclusive) : Math.floor(inclusive));
  if (typeof exclusive === "number") found.push(step > 0 ? Math.floor(exclusive) + 1 : Math.ceil(exclusive) - 1);
  if (found.length === 0) return null;
  return step > 0 ? Math.max(...found) : Math.min(...found);
}

// ------------------------------------------------------------ the request

// Checks a chat-completions body as llama.cpp does and returns what the
// generation needs; throws an HttpError 400 for anything it cannot serve.
function parseChatRequest(body) {
  if (!isObject(body)) throw badRequest("the request body must be a JSON object");
  if (body.stream === true) throw badRequest('streaming is not supported by this server: send "stream": false');
  if (body.n != null && body.n !== 1) throw badRequest("Only one completion choice is allowed");
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) throw badRequest("'messages' is required and must be a non-empty array");

  const history = [];
  messages.forEach((m, i) => {
    if (!isObject(m) || typeof m.role !== "string") throw badRequest(`messages[${i}] must be an object with a string 'role'`);
    const text = contentText(m.content, i);
    if (m.role === "system" || m.role === "developer") history.push({ type: "system", text });
    else if (m.role === "user") history.push({ type: "user", text });
    else if (m.role === "assistant") history.push({ type: "model", response: [text] });
    else throw badRequest(`messages[${i}]: unsupported role ${JSON.stringify(m.role)}`);
  });
  if (history.at(-1).type !== "user") throw badRequest("the last message must be the user's");
  history.push({ type: "model", response: [] }); // where the answer goes

  const number = (name, fallback, ok) => {
    const v = body[name];
    if (v == null) return fallback;
    if (typeof v !== "number" || !Number.isFinite(v) || !ok(v)) throw badRequest(`'${name}' is out of range: ${JSON.stringify(v)}`);
    return v;
  };
  const maxTokens = body.max_completion_tokens ?? body.max_tokens ?? body.n_predict ?? -1;
  if (!Number.isInteger(maxTokens) || (maxTokens < 1 && maxTokens !== -1)) {
    throw badRequest(`'max_tokens' must be a positive integer (or -1, no limit): ${JSON.stringify(maxTokens)}`);
  }
  return {
    model: typeof body.model === "string" ? body.model : null,
    history,
    format: responseFormat(body.response_format),
    maxTokens,
    // llama.cpp's defaults; the seed -1 is a random one.
    temperature: number("temperature", 0.8, (v) => v >= 0),
    topP: number("top_p", 0.95, (v) => v >= 0 && v <= 1),
    topK: number("top_k", 40, (v) => Number.isInteger(v) && v >= 0),
    minP: number("min_p", 0.05, (v) => v >= 0 && v <= 1),
    seed: number("seed", -1, Number.isInteger),
    repeatPenalty: number("repeat_penalty", 1, (v) => v >= 0),
    frequencyPenalty: number("frequency_penalty", 0, (v) => v >= -2 && v <= 2),
    presencePenalty: number("presence_penalty", 0, (v) => v >= -2 && v <= 2),
  };
}

// A message's text: a string, or OpenAI's list of {type: "text", text} parts.
function contentText(content, i) {
  if (typeof content === "string") return content;
  if (Array.isArray(content) && content.every((p) => isObject(p) && p.type === "text" && typeof p.text === "string")) {
    return content.map((p) => p.text).join("");
  }
  throw badRequest(`messages[${i}].content must be a string or a list of text parts`);
}

// {kind: "text"} | {kind: "json_object"} | {kind: "json_schema", schema}.
function responseFormat(format) {
  if (format == null) return { kind: "text" };
  if (!isObject(format)) throw badRequest("'response_format' must be an object");
  switch (format.type) {
    case "text":
      return { kind: "text" };
    case "json_object":
      // llama.cpp takes a schema here too.
      return isObject(format.schema) ? { kind: "json_schema", schema: format.schema } : { kind: "json_object" };
    case "json_schema": {
      const schema = format.json_schema?.schema ?? format.schema;
      if (!isObject(schema)) throw badRequest("'response_format.json_schema.schema' must be a JSON schema object");
      return { kind: "json_schema", schema };
    }
    default:
      throw badRequest(
        `response_format type must be one of "text", "json_object" or "json_schema", but got: ${JSON.stringify(format.type)}`,
      );
  }
}

// --------------------------------------------------------------- the model

async function loadModel(opts) {
  const started = performance.now();
  // build: "never": node-llama-cpp's prebuilt binary or an error, never a
  // download or a build; gpu: false: the CPU build.
  const llama = await getLlama({ build: "never", gpu: false, logLevel: "error" });
  const model = await llama.loadModel({ modelPath: opts.model });
  const context = await model.createContext({ contextSize: opts.ctx, sequences: 1, threads: opts.threads });
  const sequence = context.getSequence();
  const chat = new LlamaChat({ contextSequence: sequence, autoDisposeSequence: false });
  const ms = Math.round(performance.now() - started);
  log(
    `loaded ${path.basename(opts.model)} in ${ms} ms: llama.cpp ${llama.llamaCppRelease.release} (${llama.buildType}),`,
    `context ${context.contextSize} tokens, ${opts.threads} thread(s), chat template ${chat.chatWrapper.wrapperName}`,
  );
  return { llama, model, context, sequence, chat, grammars: new Map(), id: opts.alias ?? path.basename(opts.model) };
}

// The grammar of a response format (none for free text), cached by schema.
async function grammarFor(m, format) {
  if (format.kind === "text") return { grammar: undefined, dropped: [] };
  const dropped = new Set();
  const schema = format.kind === "json_schema" ? toGrammarSchema(format.schema, dropped) : null;
  const key = schema ? JSON.stringify(schema) : "json";
  if (!m.grammars.has(key)) {
    let grammar;
    try {
      grammar = schema ? await m.llama.createGrammarForJsonSchema(schema) : await m.llama.getGrammarFor("json");
    } catch (e) {
      throw badRequest(`JSON schema conversion failed: ${e.message}`);
    }
    if (m.grammars.size >= 64) m.grammars.clear();
    m.grammars.set(key, grammar);
  }
  return { grammar: m.grammars.get(key), dropped: [...dropped] };
}

// One slot, like `llama-server -np 1`: requests run one at a time, in order.
const slot = { busy: false, tail: Promise.resolve() };
function inSlot(job) {
  const run = slot.tail.then(async () => {
    slot.busy = true;
    try {
      return await job();
    } finally {
      slot.busy = false;
    }
  });
  slot.tail = run.catch(() => {});
  return run;
}

// Generates the answer to a parsed request; null when the client left first.
async function complete(m, req, signal) {
  const { grammar, dropped } = await grammarFor(m, req.format);
  return inSlot(async () => {
    if (signal.aborted) return null;
    // The prompt as the model's chat template renders it, counted with its tokenizer.
    const rendered = m.chat.chatWrapper.generateContextState({ chatHistory: req.history }).contextText;
    const promptTokens = rendered.tokenize(m.model.tokenizer).length;
    const nCtx = m.context.contextSize;
    if (promptTokens >= nCtx) {
      throw new HttpError(400, "the request exceeds the available context size, try increasing it", "exceed_context_size_error", {
        n_prompt_tokens: promptTokens,
        n_ctx: nCtx,
      });
    }
    // Never past the context (no context shift, like llama-server's default).
    const room = nCtx - promptTokens;
    const maxTokens = req.maxTokens === -1 ? room : Math.min(req.maxTokens, room);
    const penalties = req.repeatPenalty !== 1 || req.frequencyPenalty !== 0 || req.presencePenalty !== 0;
    const meter = m.sequence.tokenMeter.getState();
    const started = performance.now();
    let firstToken = null;
    let generated = 0;
    let result;
    try {
      result = await m.chat.generateResponse(req.history, {
        grammar,
        maxTokens,
        temperature: req.temperature,
        topP: req.topP,
        topK: req.topK,
        minP: req.minP,
        seed: req.seed === -1 ? undefined : req.seed,
        repeatPenalty: penalties
          ? { penalty: req.repeatPenalty, frequencyPenalty: req.frequencyPenalty, presencePenalty: req.presencePenalty }
          : false,
        signal,
        stopOnAbortSignal: true,
        onToken: (tokens) => {
          firstToken ??= performance.now();
          generated += tokens.length;
        },
      });
    } catch (e) {
      if (signal.aborted) return null;
      throw e;
    }
    if (signal.aborted) return null;
    const ended = performance.now();
    firstToken ??= ended;
    // The meter counts what llama.cpp evaluated. Prompt tokens: the others
    // were still in the cache from the request before (the same system
    // message, say); the last one is counted with the generation, and at
    // least one is evaluated. Completion tokens: all those generated, the
    // end of the turn included (the stream of text holds some back).
    const used = m.sequence.tokenMeter.diff(meter);
    const evaluated = Math.min(promptTokens, used.usedInputTokens + 1);
    const completionTokens = Math.max(generated, used.usedOutputTokens);
    return {
      content: result.response,
      finishReason: result.metadata.stopReason === "maxTokens" ? "length" : "stop",
      promptTokens,
      cachedTokens: promptTokens - evaluated,
      completionTokens,
      timings: timings(evaluated, firstToken - started, completionTokens, ended - firstToken),
      dropped,
    };
  });
}

// llama.cpp's `timings` object.
function timings(promptN, promptMs, predictedN, predictedMs) {
  const perSecond = (n, ms) => (ms > 0 ? (1000 * n) / ms : 0);
  return {
    prompt_n: promptN,
    prompt_ms: promptMs,
    prompt_per_token_ms: promptN ? promptMs / promptN : 0,
    prompt_per_second: perSecond(promptN, promptMs),
    predicted_n: predictedN,
    predicted_ms: predictedMs,
    predicted_per_token_ms: predictedN ? predictedMs / predictedN : 0,
    predicted_per_second: perSecond(predictedN, predictedMs),
  };
}

// -------------------------------------------------------------------- HTTP

const ROUTES = {
  "/v1/chat/completions": ["POST", chatCompletions],
  "/chat/completions": ["POST", chatCompletions],
  "/v1/models": ["GET", models],
  "/models": ["GET", models],
  "/props": ["GET", props],
  "/slots": ["GET", slots],
  "/health": ["GET", health],
  "/v1/health": ["GET", health],
};

let served = 0;

async function chatCompletions(m, req, res) {
  const text = await readBody(req);
  let body;
  try {
    body = JSON.parse(text);
  } catch (e) {
    throw badRequest(`the request body is not valid JSON: ${e.message}`);
  }
  const parsed = parseChatRequest(body);
  // The client hanging up cancels the request, queued or running.
  const aborter = new AbortController();
  res.on("close", () => res.writableFinished || aborter.abort());
  const started = performance.now();
  const out = await complete(m, parsed, aborter.signal);
  if (out == null) {
    log(`chat: the client left; request dropped`);
    return;
  }
  const n = served++;
  send(res, 200, {
    id: `chatcmpl-${Date.now().toString(36)}${n}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: parsed.model ?? m.id,
    system_fingerprint: `llamacpp-${m.llama.llamaCppRelease.release}`,
    choices: [
      { index: 0, message: { role: "assistant", content: out.content }, finish_reason: out.finishReason, logprobs: null },
    ],
    usage: {
      prompt_tokens: out.promptTokens,
      completion_tokens: out.completionTokens,
      total_tokens: out.promptTokens + out.completionTokens,
      prompt_tokens_details: { cached_tokens: out.cachedTokens },
    },
    timings: out.timings,
  });
  // One line a request, for whoever measures: what was asked, how fast.
  const t = out.timings;
  const first = parsed.history.find((h) => h.type === "system")?.text.split("\n")[0].slice(0, 40) ?? "-";
  log(
    `chat #${n} [${first}] ${parsed.format.kind}: ${((performance.now() - started) / 1000).toFixed(2)} s;`,
    `prompt ${out.promptTokens} tok (${t.prompt_n} evaluated, ${t.prompt_per_second.toFixed(0)} tok/s);`,
    `completion ${out.completionTokens} tok (${t.predicted_per_second.toFixed(1)} tok/s), finish ${out.finishReason}` +
      (out.dropped.length ? `; schema keywords not enforced: ${out.dropped.join(", ")}` : ""),
  );
}

function models(m, _req, res) {
  send(res, 200, {
    object: "list",
    data: [
      {
        id: m.id,
        object: "model",
        created: Math.floor(Date.now() / 1000),
        owned_by: "llamacpp",
        meta: {
          vocab_type: m.model.vocabularyType,
          n_ctx_train: m.model.trainContextSize,
          n_embd: m.model.embeddingVectorSize,
          n_params: m.model.fileInsights.totalParameters,
          size: m.model.size,
        },
      },
    ],
  });
}

function props(m, _req, res) {
  send(res, 200, {
    default_generation_settings: {
      id: 0,
      n_ctx: m.context.contextSize,
      is_processing: slot.busy,
      params: { temperature: 0.8, top_k: 40, top_p: 0.95, min_p: 0.05, n_predict: -1, seed: -1, repeat_penalty: 1 },
    },
    total_slots: 1,
    model_path: m.modelPath,
    chat_template: m.chat.chatWrapper.wrapperName,
    modalities: { vision: false, audio: false },
    build_info: `llama.cpp ${m.llama.llamaCppRelease.release} via node-llama-cpp`,
  });
}

function slots(m, _req, res) {
  send(res, 200, [{ id: 0, n_ctx: m.context.contextSize, is_processing: slot.busy }]);
}

function health(_m, _req, res) {
  send(res, 200, { status: "ok" });
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413, "the request body is too large"));
        req.resume(); // drain the rest; the answer closes the connection
      } else {
        chunks.push(chunk);
      }
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res, status, body, headers = {}) {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

async function handle(m, req, res) {
  try {
    const where = new URL(req.url ?? "/", "http://127.0.0.1").pathname.replace(/(.)\/+$/, "$1");
    const found = ROUTES[where];
    if (!found) throw new HttpError(404, `File Not Found: ${where}`, "not_found_error");
    const [method, serve] = found;
    if (req.method !== method) {
      throw new HttpError(405, `Method Not Allowed: ${req.method} ${where}`, "invalid_request_error", {}, { Allow: method });
    }
    await serve(m, req, res);
  } catch (e) {
    const error = e instanceof HttpError ? e : new HttpError(500, `internal error: ${e?.message ?? e}`, "server_error");
    if (error.status === 500) log("error:", e?.stack ?? e);
    else log(`${req.method} ${req.url}: ${error.status} ${error.message}`);
    send(res, error.status, error.body(), { ...error.headers, ...(error.status === 413 ? { Connection: "close" } : {}) });
  }
}

// -------------------------------------------------------------------- main

async function main() {
  const opts = options();
  const m = { ...(await loadModel(opts)), modelPath: opts.model };
  const server = http.createServer((req, res) => void handle(m, req, res));
  // A reading takes minutes on a small machine: no server-side time limits.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  server.keepAliveTimeout = 5_000;
  server.on("clientError", (_e, socket) => socket.writable && socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n"));
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, "127.0.0.1", resolve);
  });
  const stop = (why) => {
    log(`stopping: ${why}`);
    server.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  if (opts.exitWithStdin) {
    process.stdin.on("end", () => stop("standard input closed"));
    process.stdin.on("error", () => stop("standard input closed"));
    process.stdin.resume();
  }
  process.stdout.write(`listening http://127.0.0.1:${server.address().port}\n`);
}

main().catch((e) => {
  log(`cannot start: ${e?.message ?? e}`);
  process.exit(1);
});
