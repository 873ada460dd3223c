import argparse
import csv

from ultralytics import YOLO


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    ap.add_argument("--model", default="yolov8n.pt")
    ap.add_argument("--save-csv")
    ap.add_argument("--stride", type=int, default=1)
    a = ap.parse_args()
    model = YOLO(a.model)
    rows = []
    for i, r in enumerate(model(a.source, stream=True, vid_stride=a.stride)):
        for b in r.boxes:
            rows.append([i, r.names[int(b.cls)], float(b.conf), *map(float, b.xyxy[0])])
    if a.save_csv:
        with open(a.save_csv, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["frame", "class", "conf", "x1", "y1", "x2", "y2"])
            w.writerows(rows)
    print(f"{len(rows)} detections")


if __name__ == "__main__":
    main()
