import express from "express";
import twilio from "twilio";

const app = express();
app.use(express.json());
const client = twilio(process.env.TWILIO_API_KEY_SID, process.env.TWILIO_API_KEY_SECRET, { accountSid: process.env.TWILIO_ACCOUNT_SID });

app.post("/otp/send", async (req, res) => {
  await client.verify.v2.services(process.env.TWILIO_VERIFY_SERVICE).verifications.create({ to: req.body.phone, channel: "sms" });
  res.json({ ok: true });
});

app.post("/otp/verify", async (req, res) => {
  const r = await client.verify.v2.services(process.env.TWILIO_VERIFY_SERVICE).verificationChecks.create({ to: req.body.phone, code: req.body.code });
  res.json({ ok: r.status === "approved" });
});

app.listen(process.env.PORT || 8080);
