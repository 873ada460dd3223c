using Archiver;

int days = 365;
for (int i = 0; i < args.Length - 1; i++)
    if (args[i] == "--older-than") days = int.Parse(args[i + 1]);

var vault = new Vault(TimeSpan.FromDays(days));
var (count, bytes) = await vault.RunAsync();
Console.WriteLine($"archived {count} files, {bytes / 1048576.0:F1} MiB");
