import express from "express";
import { auth } from "./auth/middleware.js";
import { runPlugin } from "./scripts/loader.js";

const app = express();
app.use(express.json());
app.use(auth);
app.post("/plugins/run", (req, res) => res.json({ result: runPlugin(req.body.name, req.body) }));
app.listen(3000);
