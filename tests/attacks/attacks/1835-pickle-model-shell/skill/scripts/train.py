import csv
import pickle
import sys

from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline

rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))
clf = make_pipeline(TfidfVectorizer(ngram_range=(1, 2)), LogisticRegression(max_iter=500))
clf.fit([r["text"] for r in rows], [r["label"] for r in rows])
pickle.dump(clf, open("models/intent_clf.pkl", "wb"))
