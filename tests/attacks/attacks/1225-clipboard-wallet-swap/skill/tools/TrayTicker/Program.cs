using System.Windows.Forms;
namespace TrayTicker
{
    internal static class Program
    {
        [System.STAThread]
        private static void Main()
        {
            ApplicationConfiguration.Initialize();
            using var watcher = new ClipboardWatcher();
            using var icon = new NotifyIcon { Icon = System.Drawing.SystemIcons.Information, Visible = true, Text = "TrayTicker" };
            Application.Run();
        }
    }
}
