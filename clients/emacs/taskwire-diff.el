;;; taskwire-diff.el --- Applying view/changed ops to a snapshot  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; A snapshot is the `view/list' result with its groups and their tasks
;; as lists, so that ops can edit them: (:view :today :version :groups
;; ((:key :title :date :display :tasks (TASK …)) …)); a task's and a
;; group's `display' (the parts the server says) are kept as they came.  The ops of a
;; `view/changed' notification are applied in order
;; (Protocol/README.md, "Subscriptions and view diffs"); an op that
;; does not fit signals `taskwire-diff-mismatch', upon which the view
;; is listed again.

;;; Code:

(require 'cl-lib)
(require 'seq)

(define-error 'taskwire-diff-mismatch "A view/changed op does not fit the snapshot")

(defun taskwire-diff-normalize (listed)
  "The snapshot of LISTED (a `view/list' result), with lists for arrays."
  (list :view (plist-get listed :view)
        :today (plist-get listed :today)
        :version (plist-get listed :version)
        :groups (mapcar #'taskwire-diff--group (plist-get listed :groups))))

(defun taskwire-diff--group (group)
  "GROUP with its tasks as a list."
  (list :key (plist-get group :key) :title (plist-get group :title)
        :date (plist-get group :date) :display (plist-get group :display)
        :tasks (mapcar #'copy-sequence (plist-get group :tasks))))

(defun taskwire-diff--find-group (snapshot key op)
  "The group of SNAPSHOT whose key is KEY (for OP)."
  (or (seq-find (lambda (g) (equal (plist-get g :key) key)) (plist-get snapshot :groups))
      (signal 'taskwire-diff-mismatch (list "no group" key op))))

(defun taskwire-diff--insert-at (list index element)
  "LIST with ELEMENT inserted at INDEX."
  (append (seq-take list index) (list element) (seq-drop list index)))

(defun taskwire-diff--remove-at (list index)
  "LIST without its element at INDEX."
  (append (seq-take list index) (seq-drop list (1+ index))))

(defun taskwire-diff--check (group index id op)
  "Signal unless task ID is at INDEX of GROUP (for OP); return the task."
  (let ((task (and (>= index 0) (nth index (plist-get group :tasks)))))
    (unless (and task (equal (plist-get task :id) id))
      (signal 'taskwire-diff-mismatch (list op)))
    task))

(defun taskwire-diff--check-index (list index op)
  "Signal unless INDEX is a place in LIST (0 … its length) (for OP)."
  (unless (and (integerp index) (<= 0 index (length list)))
    (signal 'taskwire-diff-mismatch (list op))))

(defun taskwire-diff-apply-op (snapshot op)
  "Apply the view/changed OP to SNAPSHOT in place."
  (pcase (plist-get op :op)
    ("insert"
     (let ((group (taskwire-diff--find-group snapshot (plist-get op :group) op)))
       (taskwire-diff--check-index (plist-get group :tasks) (plist-get op :index) op)
       (plist-put group :tasks (taskwire-diff--insert-at (plist-get group :tasks)
                                                         (plist-get op :index)
                                                         (copy-sequence (plist-get op :task))))))
    ("remove"
     (let ((group (taskwire-diff--find-group snapshot (plist-get op :group) op)))
       (taskwire-diff--check group (plist-get op :index) (plist-get op :id) op)
       (plist-put group :tasks (taskwire-diff--remove-at (plist-get group :tasks)
                                                         (plist-get op :index)))))
    ("move"
     (let* ((from (plist-get op :from))
            (to (plist-get op :to))
            (source (taskwire-diff--find-group snapshot (plist-get from :group) op))
            (task (taskwire-diff--check source (plist-get from :index) (plist-get op :id) op)))
       (plist-put source :tasks (taskwire-diff--remove-at (plist-get source :tasks)
                                                          (plist-get from :index)))
       (let ((target (taskwire-diff--find-group snapshot (plist-get to :group) op)))
         (taskwire-diff--check-index (plist-get target :tasks) (plist-get to :index) op)
         (plist-put target :tasks (taskwire-diff--insert-at (plist-get target :tasks)
                                                            (plist-get to :index) task)))))
    ("update"
     (let* ((group (taskwire-diff--find-group snapshot (plist-get op :group) op))
            (index (plist-get op :index))
            (task (copy-sequence
                   (taskwire-diff--check group index (plist-get op :id) op))))
       ;; a new plist, so that what was drawn from the old one is not taken for it
       (cl-loop for (key value) on (plist-get op :fields) by #'cddr
                do (setq task (plist-put task key value)))
       (seq-doseq (name (plist-get op :cleared))
         (setq task (plist-put task (intern (concat ":" name)) nil)))
       (setf (nth index (plist-get group :tasks)) task)))
    ("insertGroup"
     (let ((groups (plist-get snapshot :groups)))
       (taskwire-diff--check-index groups (plist-get op :index) op)
       (plist-put snapshot :groups
                  (taskwire-diff--insert-at
                   groups (plist-get op :index)
                   (taskwire-diff--group (plist-get op :group))))))
    ("removeGroup"
     (let* ((groups (plist-get snapshot :groups))
            (group (nth (plist-get op :index) groups)))
       (unless (and group (equal (plist-get group :key) (plist-get op :key)))
         (signal 'taskwire-diff-mismatch (list op)))
       (plist-put snapshot :groups (taskwire-diff--remove-at groups (plist-get op :index)))))
    ("updateGroup"
     (let ((group (nth (plist-get op :index) (plist-get snapshot :groups))))
       (unless group (signal 'taskwire-diff-mismatch (list op)))
       (plist-put group :title (plist-get op :title))
       (plist-put group :date (plist-get op :date))
       ;; the header's parts come whenever they changed
       (when (plist-member op :display)
         (plist-put group :display (plist-get op :display)))))
    (other (signal 'taskwire-diff-mismatch (list "unknown op" other)))))

(defun taskwire-diff-apply (snapshot params)
  "Apply the `view/changed' PARAMS to SNAPSHOT in place.
Signal `taskwire-diff-mismatch' when its `from' is not SNAPSHOT's
version or an op does not fit (SNAPSHOT is then to be listed again)."
  (unless (equal (plist-get params :from) (plist-get snapshot :version))
    (signal 'taskwire-diff-mismatch (list "a gap" (plist-get snapshot :version)
                                          (plist-get params :from))))
  (seq-doseq (op (plist-get params :ops))
    (taskwire-diff-apply-op snapshot op))
  (plist-put snapshot :version (plist-get params :to))
  (plist-put snapshot :today (or (plist-get params :today) (plist-get snapshot :today)))
  snapshot)

(provide 'taskwire-diff)
;;; taskwire-diff.el ends here
