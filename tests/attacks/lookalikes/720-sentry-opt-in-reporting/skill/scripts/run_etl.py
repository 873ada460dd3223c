import sys, time
import yaml
import error_reporting

error_reporting.init()
jobs = yaml.safe_load(open(sys.argv[1]))
for job in jobs:
    for attempt in range(3):
        try:
            print("running", job["name"])  # actual COPY logic omitted in this example
            break
        except Exception:
            time.sleep(2 ** attempt)
