;;; taskwire-catalogue.el --- Every word the client shows, from the server  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; The client carries no words of its own: every prompt, message,
;; menu entry and empty-list line comes from the server's catalogue
;; (`catalogue/get'), fetched when a server starts and again after a
;; change of language.  `taskwire-text' looks a key up and fills in
;; its {placeholders}.  When no server could be asked (it ended
;; before its first reply), a throwaway server on an in-memory store
;; is asked instead, so that even the news of a failed start is in
;; the session's language.

;;; Code:

(require 'cl-lib)
(require 'subr-x)

(defvar taskwire-catalogue nil
  "The catalogue in use: a hash table of key to text, or nil before one came.")

(defvar taskwire-catalogue-locale nil
  "The locale of `taskwire-catalogue' (\"en\", \"de\").")

(defvar taskwire-catalogue-missing nil
  "The keys asked for that the catalogue did not have, newest first.")

(defvar taskwire-catalogue-fallback-function nil
  "Function called with no arguments to load a catalogue when none came yet.")

(defvar taskwire-catalogue-changed-hook nil
  "Functions called with no arguments when a new catalogue was loaded.")

(defun taskwire-catalogue-set (result)
  "Make RESULT (a `catalogue/get' reply, a plist) the catalogue in use."
  (let ((table (make-hash-table :test 'equal :size 256))
        (strings (plist-get result :strings)))
    (while strings
      (puthash (substring (symbol-name (car strings)) 1) (cadr strings) table)
      (setq strings (cddr strings)))
    (setq taskwire-catalogue table
          taskwire-catalogue-locale (plist-get result :locale))
    (run-hooks 'taskwire-catalogue-changed-hook)))

(defun taskwire-catalogue-fill (text args)
  "TEXT with each {name} replaced by the value of :name in the plist ARGS."
  (replace-regexp-in-string
   "{\\([A-Za-z0-9_]+\\)}"
   (lambda (match)
     (let ((cell (plist-member args (intern (concat ":" (match-string 1 match))))))
       (if cell (format "%s" (cadr cell)) match)))
   text t t))

(defun taskwire-text (key &rest args)
  "The catalogue's text of KEY, its placeholders filled from the plist ARGS.
\(taskwire-text \"confirm.delete\" :title \"X\") gives \"Delete 'X'?\".
A key the catalogue lacks shows as itself with the values after it."
  (unless (or taskwire-catalogue (null taskwire-catalogue-fallback-function))
    (ignore-errors (funcall taskwire-catalogue-fallback-function)))
  (let ((text (and taskwire-catalogue (gethash key taskwire-catalogue))))
    (if text
        (taskwire-catalogue-fill text args)
      (push key taskwire-catalogue-missing)
      (string-join (cons key (cl-loop for (_ value) on args by #'cddr
                                      collect (format "%s" value)))
                   " "))))

(defun taskwire-catalogue-view-key (view)
  "The catalogue's key of VIEW's name (\"today\" gives \"view.today\").
The list of projects is this client's word (\"emacs.view.projects\")."
  (if (equal view "projects") "emacs.view.projects" (concat "view." view)))

(defun taskwire-catalogue-view-name (view)
  "VIEW's name (\"today\" gives \"Today\" or \"Heute\")."
  (taskwire-text (taskwire-catalogue-view-key view)))

(defun taskwire-catalogue-fetch-offline (program locale)
  "The `catalogue/get' reply of a throwaway PROGRAM on an in-memory store.
In LOCALE.  Nil when PROGRAM cannot say it."
  (when (and program (file-executable-p program))
    (with-temp-buffer
      (insert (json-serialize
               (list :jsonrpc "2.0" :id 1 :method "initialize"
                     :params (list :clientInfo (list :name "taskwire.el") :locale locale)))
              "\n"
              (json-serialize (list :jsonrpc "2.0" :id 2 :method "catalogue/get"
                                    :params (make-hash-table)))
              "\n")
      (when (eq 0 (ignore-errors
                    (call-process-region (point-min) (point-max) program t '(t nil) nil
                                         "--memory" "--quiet")))
        (cl-loop for line in (split-string (buffer-string) "\n" t)
                 for reply = (ignore-errors
                               (json-parse-string line :object-type 'plist
                                                  :null-object nil :false-object :json-false))
                 when (equal (plist-get reply :id) 2)
                 return (plist-get reply :result))))))

(provide 'taskwire-catalogue)
;;; taskwire-catalogue.el ends here
