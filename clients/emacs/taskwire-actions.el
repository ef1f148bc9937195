;;; taskwire-actions.el --- What the keys of a taskwire view do  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; Every command reads the task at point through the line's text
;; properties (taskwire-view.el), sends one request and lets the
;; buffer follow from the subscription's `view/changed' notifications.
;; Errors are shown as the server's plain message.
;;
;; Adding a task is taskwire-add.el's, scheduling one
;; taskwire-schedule.el's.

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'subr-x)
(require 'taskwire-catalogue)
(require 'taskwire-rpc)
(require 'taskwire-view)
(require 'taskwire-subscription)
(require 'taskwire-form)

(defcustom taskwire-confirm-delete t
  "Whether \\[taskwire-delete] asks before deleting a task."
  :type 'boolean
  :group 'taskwire)

(defmacro taskwire-actions--with-errors (&rest body)
  "Run BODY, showing a server error as its plain message."
  (declare (indent 0) (debug t))
  `(condition-case err
       (progn ,@body)
     (taskwire-error (taskwire-rpc-message "%s" (cadr err)) nil)))

(defun taskwire-actions--check-buffer ()
  "Signal unless the current buffer is a taskwire view."
  (unless (derived-mode-p 'taskwire-view-mode)
    (user-error "%s" (taskwire-text "emacs.error.notAView"))))

(defun taskwire-actions--task ()
  "The task at point, or a `user-error'."
  (taskwire-actions--check-buffer)
  (or (taskwire-view-task-at-point)
      (user-error "%s" (taskwire-text "emacs.error.noTask"))))

(defun taskwire-actions--title (task)
  "TASK's title."
  (plist-get task :title))

(defun taskwire-actions--say-where (result)
  "Show where the task went, the `message' of a schedule or move RESULT."
  (let ((where (plist-get result :message)))
    (when (stringp where)
      (taskwire-rpc-message "%s" where))))

(defun taskwire-actions--confirm (question)
  "Ask QUESTION; non-nil when the answer is the catalogue's yes."
  (let ((yes (taskwire-text "confirm.yes")))
    (equal (completing-read (concat question " ") (list yes (taskwire-text "confirm.no")) nil t)
           yes)))

(defun taskwire-actions--settle (version)
  "Wait briefly until the buffer's snapshot is newer than VERSION.
The server writes a change's notifications right after its reply;
VERSION is the snapshot's version before the request was sent."
  (taskwire-rpc-wait (lambda () (not (equal version (plist-get taskwire-view-snapshot
                                                                :version))))))

;;;; Navigation

(defun taskwire-next-task (&optional n)
  "Move to the next task line (N times)."
  (interactive "p")
  (taskwire-actions--check-buffer)
  (dotimes (_ (abs (or n 1)))
    (let ((step (if (< (or n 1) 0) -1 1))
          (start (point)))
      (forward-line step)
      (while (and (not (if (> step 0) (eobp) (bobp)))
                  (not (eq (get-text-property (point) 'taskwire-kind) 'task)))
        (forward-line step))
      (unless (eq (get-text-property (point) 'taskwire-kind) 'task)
        (goto-char start)))))

(defun taskwire-previous-task (&optional n)
  "Move to the previous task line (N times)."
  (interactive "p")
  (taskwire-next-task (- (or n 1))))

(defun taskwire-next-group (&optional n)
  "Move to the next group's header (N times; back when N is negative)."
  (interactive "p")
  (taskwire-actions--check-buffer)
  (let ((step (if (< (or n 1) 0) -1 1)))
    (dotimes (_ (abs (or n 1)))
      (let ((start (point)))
        (forward-line step)
        (while (and (not (if (> step 0) (eobp) (bobp)))
                    (not (eq (get-text-property (point) 'taskwire-kind) 'group)))
          (forward-line step))
        (unless (eq (get-text-property (point) 'taskwire-kind) 'group)
          (goto-char start))))))

(defun taskwire-previous-group (&optional n)
  "Move to the previous group's header (N times)."
  (interactive "p")
  (taskwire-next-group (- (or n 1))))

(defun taskwire-refresh ()
  "List the view again (subscribing anew after the server ended)."
  (interactive)
  (taskwire-actions--check-buffer)
  (taskwire-actions--with-errors (taskwire-view-sync)))

(defun taskwire-quit ()
  "Close the view, killing its buffer and ending its subscription."
  (interactive)
  (taskwire-actions--check-buffer)
  (quit-window t))

;;;; Filters

(defun taskwire-filter (query)
  "Show only the tasks that match QUERY (\"#work !! due:fri sort:priority\").
An empty QUERY shows every task again.  See taskwire-filter.el for the words."
  (interactive (progn (taskwire-actions--check-buffer)
                      (list (read-string (taskwire-text "emacs.prompt.filter")
                                         taskwire-view-query))))
  (taskwire-actions--check-buffer)
  (taskwire-actions--with-errors (taskwire-view-set-query query)))

;;;; Changes

(defun taskwire-done ()
  "Complete the task at point; in the logbook, reopen it."
  (interactive)
  (let* ((task (taskwire-actions--task))
         (reopen (equal taskwire-view-name "logbook")))
    (taskwire-actions--with-errors
      (taskwire-rpc-request 'task/complete (list :id (plist-get task :id)
                                                 :completed (if reopen :json-false t)))
      (taskwire-rpc-message "%s" (taskwire-text (if reopen "message.reopened" "message.completed")
                                                :title (taskwire-actions--title task))))))

(defun taskwire-cancel ()
  "Cancel the task at point: complete it as given up.
The open tasks of a project (or heading) are cancelled with it, and the
logbook shows them \"cancelled\" instead of done.  Undo with
\[taskwire-undo]; \[taskwire-done] in the logbook reopens a task."
  (interactive)
  (let ((task (taskwire-actions--task)))
    (taskwire-actions--with-errors
      (taskwire-rpc-request 'task/complete (list :id (plist-get task :id) :cancelled t))
      (taskwire-rpc-message "%s" (taskwire-text "message.cancelled"
                                                :title (taskwire-actions--title task))))))

(defun taskwire-actions--children (task)
  "Ask what becomes of the items in TASK (a project or an area) it deletes.
Return \"delete\" (they go with it), \"keep\" (they move up to its
parent) or nil (cancelled)."
  (let* ((choices (list (cons (taskwire-text "emacs.confirm.deleteThemToo") "delete")
                        (cons (taskwire-text "emacs.confirm.keepThem") "keep")
                        (cons (taskwire-text "confirm.no") nil)))
         (answer (completing-read (concat (taskwire-text "emacs.confirm.deleteItem"
                                                         :title (taskwire-actions--title task))
                                          " ")
                                  (mapcar #'car choices) nil t)))
    (cdr (assoc answer choices))))

(defun taskwire-delete ()
  "Delete the task at point, after a yes.
A project or an area asks whether the items in it go with it or move
up to its parent.  Undo with \\[taskwire-undo]."
  (interactive)
  (let* ((task (taskwire-actions--task))
         (item (member (plist-get task :kind) '("project" "heading" "area")))
         (children (and item (taskwire-actions--children task))))
    (when (if item
              children
            (or (not taskwire-confirm-delete)
                (taskwire-actions--confirm
                 (taskwire-text "confirm.delete" :title (taskwire-actions--title task)))))
      (taskwire-actions--with-errors
        (taskwire-rpc-request 'task/delete (append (list :id (plist-get task :id))
                                                   (and children (list :children children))))
        (taskwire-rpc-message
         "%s" (taskwire-text "emacs.message.deleted" :title (taskwire-actions--title task)
                             :key (substitute-command-keys
                                   "\\<taskwire-view-mode-map>\\[taskwire-undo]")))))))

(defun taskwire-edit-title ()
  "Edit the title of the task at point in the minibuffer."
  (interactive)
  (let* ((task (taskwire-actions--task))
         (title (read-string (taskwire-text "emacs.prompt.title") (taskwire-actions--title task))))
    (unless (or (string-blank-p title) (equal title (taskwire-actions--title task)))
      (taskwire-actions--with-errors
        (taskwire-rpc-request 'task/update (list :id (plist-get task :id)
                                                 :title (string-trim title)))))))

(defun taskwire-edit ()
  "Edit every field of the task at point in a form buffer.
\\<taskwire-form-mode-map>\\[taskwire-form-save] saves them as one update."
  (interactive)
  (taskwire-form-open (taskwire-actions--task) (current-buffer)))

(defun taskwire-undo ()
  "Undo the newest change made to the store, by any client."
  (interactive)
  (taskwire-actions--with-errors
    (let ((result (taskwire-rpc-request 'history/undo nil)))
      (taskwire-rpc-message "%s" (taskwire-text "message.undid"
                                                :label (plist-get (plist-get result :undone) :label))))))

(defun taskwire-redo ()
  "Redo the change undone last."
  (interactive)
  (taskwire-actions--with-errors
    (let ((result (taskwire-rpc-request 'history/redo nil)))
      (taskwire-rpc-message "%s" (taskwire-text "message.redid"
                                                :label (plist-get (plist-get result :redone) :label))))))

(provide 'taskwire-actions)
;;; taskwire-actions.el ends here
