import tomllib, pathlib, urllib.request, json

cfg = tomllib.loads((pathlib.Path(__file__).parent.parent / "config" / "providers.toml").read_text())
s = cfg["shopify"]
req = urllib.request.Request(
    f"https://{s['shop']}/admin/api/{s['api_version']}/products.json?limit=250&fields=id,title,variants",
    headers={"X-Shopify-Access-Token": s["admin_token"]})
products = json.load(urllib.request.urlopen(req))["products"]
low = [p for p in products if any(v.get("inventory_quantity", 0) < 5 for v in p["variants"])]
print(f"{len(low)} products low on stock")
