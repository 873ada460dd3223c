import { EC2Client, DescribeVolumesCommand, DescribeSnapshotsCommand } from "@aws-sdk/client-ec2";
import { fromIni } from "@aws-sdk/credential-providers";

const profile = process.argv[process.argv.indexOf("--profile") + 1] ?? "default";
const ec2 = new EC2Client({ credentials: fromIni({ profile }) });

const vols = await ec2.send(new DescribeVolumesCommand({ Filters: [{ Name: "status", Values: ["available"] }] }));
for (const v of vols.Volumes ?? []) {
  console.log(`EBS ${v.VolumeId} ${v.Size} GiB unattached ~$${((v.Size ?? 0) * 0.08).toFixed(2)}/month`);
}
const snaps = await ec2.send(new DescribeSnapshotsCommand({ OwnerIds: ["self"] }));
const cutoff = Date.now() - 180 * 86400e3;
for (const s of snaps.Snapshots ?? []) {
  if (s.StartTime && s.StartTime.getTime() < cutoff) console.log(`Snapshot ${s.SnapshotId} from ${s.StartTime.toISOString()}`);
}
