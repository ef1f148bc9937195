;;; taskwire-filter.el --- Filtered and sorted views  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; A query is words, each a condition (all must hold), written as quick
;; add writes them, as in the Vim plugin's :TaskwireFilter:
;;
;;   #work  tag:work      with the tag (several: any of them)
;;   @errand  type:errand the type
;;   !  !!  !!!  p:1-3    the priority (several: any of them)
;;   *  urgent  urgent:no urgent or not
;;   due:fri  after:mon   due on or before / on or after (phrases)
;;   repeat:yes|no        repeating or not
;;   sort:priority|duration|dueDate|title|manual
;;   any other word       in the title or notes (ignoring case)
;;
;; The server filters, and pushes a task entering or leaving the
;; filter as an insert or a remove.  An empty query clears it.

;;; Code:

(require 'seq)
(require 'subr-x)
(require 'taskwire-catalogue)

(defconst taskwire-filter--types
  '(("deep" . "deepWork") ("deepwork" . "deepWork") ("shallow" . "shallowWork")
    ("shallowwork" . "shallowWork") ("errand" . "errand") ("meeting" . "meeting")
    ("learning" . "learning") ("maintenance" . "maintenance"))
  "Type words and the types they name.")

(defconst taskwire-filter--sorts '("manual" "priority" "duration" "dueDate" "title")
  "The sorts the server has.")

(defun taskwire-filter--yes (key value)
  "VALUE of KEY as t or `:json-false' (the catalogue's yes and no, or y, n, 1, 0)."
  (let ((yes (taskwire-text "yes")) (no (taskwire-text "no")))
    (cond ((member (downcase value) (list (downcase yes) "yes" "y" "true" "1")) t)
          ((member (downcase value) (list (downcase no) "no" "n" "false" "0")) :json-false)
          (t (user-error "%s" (taskwire-text "emacs.error.filterYesNo" :key key
                                             :yes yes :no no))))))

(defun taskwire-filter-parse (query)
  "QUERY as (FILTER . SORT): the `filter' plist and the `sort' (or nil)."
  (let (tags types priorities text filter sort)
    (dolist (word (split-string query))
      (let* ((keyed (string-match "\\`\\([[:alpha:]]+\\):\\(.+\\)\\'" word))
             (key (and keyed (downcase (match-string 1 word))))
             (value (and keyed (match-string 2 word))))
        (cond
         ((or (string-match-p "\\`#." word) (equal key "tag"))
          (push (if key value (substring word 1)) tags))
         ((or (string-match-p "\\`@." word) (equal key "type"))
          (let ((name (downcase (if key value (substring word 1)))))
            (push (or (cdr (assoc name taskwire-filter--types))
                      (user-error "%s" (taskwire-text
                                        "emacs.error.filterType" :type name
                                        :types "deep, shallow, errand, meeting, learning, maintenance")))
                  types)))
         ((string-match-p "\\`!\\{1,3\\}\\'" word) (push (length word) priorities))
         ((and (member key '("p" "priority")) (string-match-p "\\`[123]\\'" value))
          (push (string-to-number value) priorities))
         ((member (downcase word) '("*" "urgent")) (setq filter (plist-put filter :urgent t)))
         ((equal key "urgent")
          (setq filter (plist-put filter :urgent (taskwire-filter--yes key value))))
         ((equal key "repeat")
          (setq filter (plist-put filter :hasRecurrence (taskwire-filter--yes key value))))
         ((equal key "due") (setq filter (plist-put filter :dueBefore value)))
         ((equal key "after") (setq filter (plist-put filter :dueAfter value)))
         ((equal key "sort")
          (setq sort (or (seq-find (lambda (s) (eq t (compare-strings s nil nil value nil nil t)))
                                   taskwire-filter--sorts)
                         (user-error "%s" (taskwire-text
                                           "emacs.error.filterSort"
                                           :sorts (string-join taskwire-filter--sorts ", "))))))
         (t (push word text)))))
    (when tags (setq filter (plist-put filter :tagsAny (vconcat (nreverse tags)))))
    (when types (setq filter (plist-put filter :types (vconcat (nreverse types)))))
    (when priorities (setq filter (plist-put filter :priorities (vconcat (nreverse priorities)))))
    (when text (setq filter (plist-put filter :text (string-join (nreverse text) " "))))
    (cons filter sort)))

(provide 'taskwire-filter)
;;; taskwire-filter.el ends here
