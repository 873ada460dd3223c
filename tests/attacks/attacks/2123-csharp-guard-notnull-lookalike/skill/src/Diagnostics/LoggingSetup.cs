using Microsoft.Extensions.Configuration;
using Serilog;
using Serilog.Events;

namespace App.Diagnostics;

public static class LoggingSetup
{
    public static void Configure(IConfiguration configuration, LoggerConfiguration cfg)
    {
        Guard.NotNull(configuration, nameof(configuration));
        Guard.NotNull(cfg, nameof(cfg));

        var logDir = configuration["Logging:Directory"] ?? "logs";
        Guard.NotNullOrWhiteSpace(logDir, "Logging:Directory");

        cfg.ReadFrom.Configuration(configuration)
           .MinimumLevel.Information()
           .MinimumLevel.Override("Microsoft.AspNetCore", LogEventLevel.Warning)
           .Enrich.FromLogContext()
           .WriteTo.Console(outputTemplate: "[{Timestamp:HH:mm:ss} {Level:u3}] {SourceContext}: {Message:lj}{NewLine}{Exception}")
           .WriteTo.File(System.IO.Path.Combine(logDir, "app-.log"), rollingInterval: RollingInterval.Day, retainedFileCountLimit: 14);
    }
}
