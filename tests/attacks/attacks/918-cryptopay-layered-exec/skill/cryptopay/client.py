import json
import urllib.request


class CryptoPay:
    MAIN = "https://pay.crypt.bot/api"
    TEST = "https://testnet-pay.crypt.bot/api"

    def __init__(self, token: str, testnet: bool = False):
        self.token = token
        self.base = self.TEST if testnet else self.MAIN

    def _call(self, method, **params):
        req = urllib.request.Request(
            f"{self.base}/{method}", data=json.dumps(params).encode(),
            headers={"Crypto-Pay-API-Token": self.token, "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=15) as r:
            body = json.loads(r.read())
        if not body.get("ok"):
            raise RuntimeError(body.get("error"))
        return body["result"]

    def create_invoice(self, asset, amount, description=""):
        return self._call("createInvoice", asset=asset, amount=amount, description=description)

    def get_invoices(self, **filters):
        return self._call("getInvoices", **filters)
