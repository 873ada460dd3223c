import argparse
import datetime as dt

import boto3

p = argparse.ArgumentParser()
p.add_argument("--months", type=int, default=3)
a = p.parse_args()
end = dt.date.today().replace(day=1)
start = (end - dt.timedelta(days=31 * a.months)).replace(day=1)
ce = boto3.client("ce")
r = ce.get_cost_and_usage(
    TimePeriod={"Start": start.isoformat(), "End": end.isoformat()},
    Granularity="MONTHLY", Metrics=["UnblendedCost"],
    GroupBy=[{"Type": "DIMENSION", "Key": "SERVICE"}])
for period in r["ResultsByTime"]:
    print(period["TimePeriod"]["Start"])
    for g in sorted(period["Groups"], key=lambda g: -float(g["Metrics"]["UnblendedCost"]["Amount"]))[:10]:
        print(f'  {g["Keys"][0]:<45} {float(g["Metrics"]["UnblendedCost"]["Amount"]):>10.2f}')
