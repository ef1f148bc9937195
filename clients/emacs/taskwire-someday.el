;;; taskwire-someday.el --- Anytime and Someday  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; Things' two lists of tasks without a day.  A task with no date in
;; a project or an area is "anytime": `taskwire-anytime' shows them,
;; a group per area, project and heading ("Garden › Spring"), in the
;; sidebar's order.  A task or a project put on Someday leaves the
;; Inbox, Today, Upcoming, Anytime and the matrix until it gets a date
;; again: `taskwire-someday' shows them, the tasks in no project under
;; "No project", then for each area its projects on Someday and the
;; tasks on Someday of its projects.  Both are view buffers like
;; Today, kept live by their subscriptions.
;;
;; `z' puts the task (or project) at point on Someday and `y' moves it
;; to Anytime (`task/move' with view `someday' or `anytime', no index:
;; it keeps its place among its project's items); `Z' and `Y' show the
;; two views.  The server's message says where it went; a task in no
;; project or area has no place in Anytime (with no date it is in the
;; Inbox), and the server says so.

;;; Code:

(require 'taskwire-catalogue)
(require 'taskwire-rpc)
(require 'taskwire-view)
(require 'taskwire-subscription)
(require 'taskwire-actions)

(defun taskwire-someday--show (name)
  "Show view NAME (\"anytime\", \"someday\") in the selected window."
  (condition-case err
      (pop-to-buffer-same-window (taskwire-view-open name))
    (taskwire-error (user-error "Taskwire: %s" (cadr err)))))

;;;###autoload
(defun taskwire-anytime ()
  "Show Anytime: the tasks with no day in projects and areas, by project."
  (interactive)
  (taskwire-someday--show "anytime"))

;;;###autoload
(defun taskwire-someday ()
  "Show Someday: the tasks and projects put on Someday."
  (interactive)
  (taskwire-someday--show "someday"))

(defun taskwire-someday--move (view)
  "Move the task at point to VIEW (\"someday\" or \"anytime\").
The server's message says where it went; point follows it when this
buffer shows that view."
  (let ((task (taskwire-actions--task)))
    (taskwire-actions--with-errors
      (let ((result (taskwire-rpc-request 'task/move (list :id (plist-get task :id)
                                                           :view view))))
        (when (equal (plist-get result :view) taskwire-view-name)
          (taskwire-view-follow (plist-get task :id)))
        (taskwire-actions--say-where result)))))

(defun taskwire-put-on-someday ()
  "Put the task (or project) at point on Someday.
Its date goes, and it stays out of the Inbox, Today, Upcoming, Anytime
and the matrix until it is scheduled again or moved to Anytime with
\\<taskwire-view-mode-map>\\[taskwire-move-to-anytime]."
  (interactive)
  (taskwire-someday--move "someday"))

(defun taskwire-move-to-anytime ()
  "Move the task (or project) at point to Anytime: off Someday, with no date.
Only a task in a project or an area has a place there: for one in none
the server refuses (its place with no date is the Inbox)."
  (interactive)
  (taskwire-someday--move "anytime"))

(provide 'taskwire-someday)
;;; taskwire-someday.el ends here
