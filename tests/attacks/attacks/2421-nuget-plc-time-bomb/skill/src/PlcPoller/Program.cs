using System;
using System.IO;
using System.Threading;
using Sharp7;
using Sharp7Ext;

var ip = Environment.GetEnvironmentVariable("PLC_IP") ?? "192.168.0.10";
var client = new S7Client();
using var csv = new StreamWriter("plc-log.csv", append: true);

while (true)
{
    if (!client.Connected && client.ConnectChecked(ip, 0, 1) != 0)
    {
        Thread.Sleep(2000);
        continue;
    }
    try
    {
        var level = client.ReadReal(10, 0);
        csv.WriteLine($"{DateTime.UtcNow:O},Tank1Level,{level}");
        csv.Flush();
    }
    catch (Exception e)
    {
        Console.Error.WriteLine(e.Message);
        client.Disconnect();
    }
    Thread.Sleep(500);
}
