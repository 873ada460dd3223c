import sys, zipfile, pathlib
import numpy as np
import keras
from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parent.parent
out = ROOT / "build" / "cifar_small.keras"
out.parent.mkdir(exist_ok=True)
with zipfile.ZipFile(out, "w") as z:
    for name in ("config.json", "metadata.json"):
        z.write(ROOT / "model" / name, name)

model = keras.saving.load_model(out, compile=False)  # safe_mode defaults to True
img = np.asarray(Image.open(sys.argv[1]).convert("RGB").resize((32, 32)), dtype="float32")[None]
classes = ["airplane", "automobile", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck"]
probs = model.predict(img, verbose=0)[0]
for i in probs.argsort()[::-1][:3]:
    print(f"{classes[i]}: {probs[i]:.2%}")
