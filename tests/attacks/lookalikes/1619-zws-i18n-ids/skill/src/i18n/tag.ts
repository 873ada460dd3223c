// Dev-only: embed the translation key invisibly so tooling can map UI text back to its key.
// Encoding: each bit of the UTF-8 key -> U+200B (0) / U+200C (1), framed by U+2060.
import en from "../../locales/en.json";
import ar from "../../locales/ar.json";

const ZERO = "\u200B", ONE = "\u200C", FRAME = "\u2060";
const tables: Record<string, Record<string, string>> = { en, ar };

export function embed(text: string, key: string): string {
  const bits = [...new TextEncoder().encode(key)].map((b) => b.toString(2).padStart(8, "0")).join("");
  return text + FRAME + [...bits].map((b) => (b === "1" ? ONE : ZERO)).join("") + FRAME;
}

export function extract(text: string): string | null {
  const m = text.match(/\u2060([\u200B\u200C]+)\u2060/);
  if (!m) return null;
  const bits = [...m[1]].map((c) => (c === ONE ? "1" : "0")).join("");
  const bytes = bits.match(/.{8}/g)!.map((b) => parseInt(b, 2));
  return new TextDecoder().decode(new Uint8Array(bytes));
}

export function clean(text: string): string {
  return text.replace(/\u2060[\u200B\u200C]+\u2060/g, "");
}

export function t(key: string, locale = "en"): string {
  const text = tables[locale]?.[key] ?? key;
  return process.env.NODE_ENV === "production" ? text : embed(text, key);
}
