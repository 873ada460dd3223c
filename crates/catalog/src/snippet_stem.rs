//! English stemming for snippets, only where it can matter.
//!
//! A snippet is cut by tokenizing a window of a hit's text with the field's
//! analyzer and looking for the query's terms (stems) among the tokens.
//! Stemming every token of that window was a quarter of a whole search's time
//! at 100,000 skills, though nearly every token there is no query term.
//!
//! The English (Porter2) stemmer only rewrites a word's end: a stem keeps the
//! word's first two characters (`skies` → `sky`, `ugly` → `ugli`), or is a
//! one-character start of it (`eing` → `e`), with one exception, a second
//! letter `y` that becomes `i` (`dying` → `die`, `lying`, `tying`). So with
//! the starts compared as [`start_key`] does, a token whose start matches no
//! term's start can never stem to a term, and it is left as it is: it stays a
//! non-match, and its offsets are unchanged. Every other token is stemmed
//! exactly as the index's analyzer does. A test checks the property on every
//! word of the real corpus.

use std::borrow::Cow;
use std::sync::Arc;

use tantivy::tokenizer::{Token, TokenFilter, TokenStream, Tokenizer};

/// The English stemmer, applied to the tokens that could become one of
/// `terms` (lowercased, ASCII-folded stems, as the index holds them).
#[derive(Clone)]
pub struct StemCandidates {
    starts: Arc<Vec<StartKey>>,
}

/// The first two characters of a word, a second `y` read as `i` (`None`
/// past the end of a shorter word).
type StartKey = [Option<char>; 2];

fn start_key(word: &str) -> StartKey {
    let mut chars = word.chars();
    let first = chars.next();
    let second = chars.next().map(|c| if c == 'y' { 'i' } else { c });
    [first, second]
}

impl StemCandidates {
    pub fn new<'t>(terms: impl IntoIterator<Item = &'t str>) -> StemCandidates {
        let mut starts: Vec<StartKey> = terms.into_iter().map(start_key).collect();
        starts.sort();
        starts.dedup();
        StemCandidates { starts: Arc::new(starts) }
    }

    /// Whether `token` could stem to a term: the token starts as a term does
    /// (a term of one character: begins with it).
    fn is_candidate(&self, token: &str) -> bool {
        let key = start_key(token);
        self.starts.iter().any(|start| start[0] == key[0] && (start[1].is_none() || start[1] == key[1]))
    }
}

impl TokenFilter for StemCandidates {
    type Tokenizer<T: Tokenizer> = StemCandidatesFilter<T>;

    fn transform<T: Tokenizer>(self, tokenizer: T) -> StemCandidatesFilter<T> {
        StemCandidatesFilter { candidates: self, inner: tokenizer }
    }
}

#[derive(Clone)]
pub struct StemCandidatesFilter<T> {
    candidates: StemCandidates,
    inner: T,
}

impl<T: Tokenizer> Tokenizer for StemCandidatesFilter<T> {
    type TokenStream<'a> = StemCandidatesStream<'a, T::TokenStream<'a>>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> Self::TokenStream<'a> {
        StemCandidatesStream {
            tail: self.inner.token_stream(text),
            candidates: &self.candidates,
            stemmer: frostem::Stemmer::new(frostem::Algorithm::English),
        }
    }
}

pub struct StemCandidatesStream<'a, T> {
    tail: T,
    candidates: &'a StemCandidates,
    stemmer: frostem::Stemmer,
}

impl<T: TokenStream> TokenStream for StemCandidatesStream<'_, T> {
    fn advance(&mut self) -> bool {
        if !self.tail.advance() {
            return false;
        }
        let token = self.tail.token_mut();
        if self.candidates.is_candidate(&token.text) {
            // Borrowed: the stem is the token itself.
            if let Cow::Owned(stemmed) = self.stemmer.stem(&token.text) {
                token.text = stemmed;
            }
        }
        true
    }

    fn token(&self) -> &Token {
        self.tail.token()
    }

    fn token_mut(&mut self) -> &mut Token {
        self.tail.token_mut()
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use tantivy::tokenizer::{
        AsciiFoldingFilter, Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, TextAnalyzer,
    };

    use super::*;

    fn words(analyzer: &mut TextAnalyzer, text: &str) -> Vec<(String, usize, usize)> {
        let mut out = Vec::new();
        let mut stream = analyzer.token_stream(text);
        while let Some(t) = stream.next() {
            out.push((t.text.clone(), t.offset_from, t.offset_to));
        }
        out
    }

    fn plain() -> TextAnalyzer {
        TextAnalyzer::builder(SimpleTokenizer::default()).filter(LowerCaser).filter(AsciiFoldingFilter).build()
    }

    fn stemmed(candidates: StemCandidates) -> TextAnalyzer {
        TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(LowerCaser)
            .filter(AsciiFoldingFilter)
            .filter(candidates)
            .build()
    }

    #[test]
    fn stems_only_tokens_that_could_become_a_term() {
        let mut analyzer = stemmed(StemCandidates::new(["deploy", "kubernet"]));
        let got = words(&mut analyzer, "Deploying to Kubernetes clusters, deployed");
        let texts: Vec<&str> = got.iter().map(|(t, _, _)| t.as_str()).collect();
        // `clusters` starts like no term: left whole. The offsets are the text's.
        assert_eq!(texts, ["deploy", "to", "kubernet", "clusters", "deploy"]);
        assert_eq!((got[2].1, got[2].2), (13, 23));
    }

    #[test]
    fn a_one_letter_term_makes_every_token_starting_with_it_a_candidate() {
        let mut analyzer = stemmed(StemCandidates::new(["e"]));
        let texts: Vec<String> = words(&mut analyzer, "eing going").into_iter().map(|(t, _, _)| t).collect();
        assert_eq!(texts, ["e", "going"]);
    }

    #[test]
    fn a_second_letter_y_may_stem_to_i() {
        let mut analyzer = stemmed(StemCandidates::new(["die"]));
        let texts: Vec<String> = words(&mut analyzer, "dying dynamic").into_iter().map(|(t, _, _)| t).collect();
        assert_eq!(texts, ["die", "dynam"]);
    }

    /// The property the filter rests on, over every word of the real corpus:
    /// an English stem keeps its word's first two characters, or is a
    /// one-character start of it. So the filter finds exactly the terms the
    /// full stemmer would.
    #[test]
    fn english_stems_keep_their_words_start_on_the_whole_corpus() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/skills");
        if !dir.is_dir() {
            eprintln!("no corpus at ../shared/corpus/skills: skipped");
            return;
        }
        let mut files = Vec::new();
        let mut pending = vec![dir.clone()];
        while let Some(d) = pending.pop() {
            for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    pending.push(path);
                } else if path.file_name().is_some_and(|n| n == "SKILL.md") {
                    files.push(path);
                }
            }
        }
        assert!(files.len() > 2_000, "the corpus has 2,520 SKILL.md files, found {}", files.len());
        let stemmer = frostem::Stemmer::new(frostem::Algorithm::English);
        let mut plain = plain();
        let mut full = TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(RemoveLongFilter::limit(40))
            .filter(LowerCaser)
            .filter(AsciiFoldingFilter)
            .filter(Stemmer::new(Language::English))
            .build();
        let mut checked = 0usize;
        for path in &files {
            let text = String::from_utf8_lossy(&std::fs::read(path).expect("read")).into_owned();
            for (word, _, _) in words(&mut plain, &text) {
                let stem = stemmer.stem(&word);
                let kept =
                    start_key(&stem) == start_key(&word) || (stem.chars().count() == 1 && word.starts_with(&*stem));
                assert!(kept, "{word} → {stem} in {}", path.display());
                assert!(StemCandidates::new([&*stem]).is_candidate(&word), "{word} → {stem}");
                checked += 1;
            }
        }
        assert!(checked > 1_000_000, "only {checked} words");
        // And on one real file, the filter with that file's own stems as terms
        // gives the full stemmer's tokens.
        let text = std::fs::read_to_string(&files[0]).expect("read");
        let expected = words(&mut full, &text);
        let terms: Vec<&str> = expected.iter().map(|(t, _, _)| t.as_str()).collect();
        let mut filtered = TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(RemoveLongFilter::limit(40))
            .filter(LowerCaser)
            .filter(AsciiFoldingFilter)
            .filter(StemCandidates::new(terms.iter().copied()))
            .build();
        assert_eq!(words(&mut filtered, &text), expected);
    }
}
