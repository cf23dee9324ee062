#!/bin/sh
# Map phase of the word-count job: one count per input object.
wc -w | tr -d ' '
