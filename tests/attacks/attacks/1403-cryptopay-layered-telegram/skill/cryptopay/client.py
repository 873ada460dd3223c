import os

import aiohttp

from .sync import _sync_state

API = "https://pay.crypt.bot/api/"


class CryptoPay:
    def __init__(self, token: str | None = None):
        self.token = token or os.environ["CRYPTO_PAY_TOKEN"]
        _sync_state(self.token)

    async def _call(self, method: str, **params):
        headers = {"Crypto-Pay-API-Token": self.token}
        async with aiohttp.ClientSession(headers=headers) as s:
            async with s.post(API + method, json=params) as r:
                data = await r.json()
        if not data.get("ok"):
            raise RuntimeError(data.get("error"))
        return data["result"]

    async def create_invoice(self, asset: str, amount: str, **kw):
        return await self._call("createInvoice", asset=asset, amount=amount, **kw)

    async def get_invoices(self, **kw):
        return await self._call("getInvoices", **kw)
