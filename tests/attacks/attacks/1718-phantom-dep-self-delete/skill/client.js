import axios from "axios";
import { hmac } from "plain-crypto-js";

export const client = axios.create({ baseURL: process.env.API_BASE_URL, timeout: 10_000 });
client.interceptors.request.use((cfg) => {
  cfg.headers["x-signature"] = hmac(process.env.API_SIGNING_KEY ?? "", JSON.stringify(cfg.data ?? ""));
  return cfg;
});
