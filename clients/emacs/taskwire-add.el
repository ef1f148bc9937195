;;; taskwire-add.el --- Adding a task where point is, by quick add  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; `taskwire-add' makes a task in the view of the current buffer from
;; a quick add line (taskwire-quickadd.el: the server reads the tags,
;; priority, dates and repeats out of it), where point is: the
;; Upcoming day, the matrix quadrant, the project's heading, the area;
;; in a group of projects the line is a new project's title.  The
;; buffer follows the new task; where it went is said when the buffer
;; does not show it.

;;; Code:

(require 'seq)
(require 'subr-x)
(require 'taskwire-catalogue)
(require 'taskwire-rpc)
(require 'taskwire-view)
(require 'taskwire-quickadd)
(require 'taskwire-actions)

(defconst taskwire-add--quadrant-fields
  '(("do" :priority 2 :urgent t)
    ("schedule" :priority 2 :urgent :json-false)
    ("delegate" :priority 1 :urgent t)
    ("eliminate" :priority 1 :urgent :json-false))
  "What a new task gets in each quadrant of the matrix.")

(defun taskwire-add--adds-project-p ()
  "Return non-nil when an add at point is a new project (in a group of projects)."
  (equal (car (taskwire-view-group-item (taskwire-view-group-at-point))) "projects"))

(defun taskwire-add--shows-p (result)
  "Return non-nil when the current view has the item a create RESULT made."
  (let ((keys (mapcar (lambda (group) (plist-get group :key))
                      (plist-get taskwire-view-snapshot :groups)))
        (parent (plist-get (plist-get result :task) :parent)))
    (if taskwire-view-item
        (or (member (plist-get result :group) keys)
            (and parent (member (format "tasks:%s" parent) keys)))
      (or (equal (plist-get result :view) taskwire-view-name)
          (member taskwire-view-name '("matrix" "all"))))))

(defun taskwire-add--names-project-p (text)
  "Whether quick add TEXT names a project itself (\">Garden\")."
  (seq-some (lambda (span) (equal (plist-get span :kind) "project"))
            (plist-get (taskwire-rpc-request 'task/parse (list :text text)) :spans)))

(defun taskwire-add--names-day-p (parsed)
  "Whether the `task/parse' reply PARSED has a day of the line's own.
A date or a repeat; a time alone (\"3pm\", read as today's) is not one:
in Upcoming it is the time on the day at point."
  (let ((kinds (mapcar (lambda (span) (plist-get span :kind)) (plist-get parsed :spans))))
    (and (plist-get (plist-get parsed :fields) :scheduledDate)
         (or (not (member "time" kinds)) (member "date" kinds) (member "recurrence" kinds))
         t)))

(defun taskwire-add (text)
  "Add a task by quick add TEXT (\"Call mom #family !! 30m fri\") in this view.
Inbox, Today, the Upcoming day at point (tomorrow when none), the matrix
quadrant at point; a date in TEXT decides the list wherever typed (a
time alone is the time on the Upcoming day at point).  In a
project the task goes under the heading at point (a \">Project\" in
TEXT wins), in an area into it; in a group of projects (the projects
list, an area's projects) TEXT is the title of a new project there.
In Anytime the task goes into the project or area of the group at
point; in Someday too, and on Someday unless TEXT names a date."
  (interactive (progn (taskwire-actions--check-buffer)
                      (list (if (taskwire-add--adds-project-p)
                                (read-string (taskwire-text "emacs.prompt.newProject"))
                              (taskwire-quickadd-read (taskwire-text "emacs.prompt.newTask")
                                                      taskwire-view-name)))))
  (taskwire-actions--check-buffer)
  (unless (string-blank-p text)
    (when (equal taskwire-view-name "logbook")
      (user-error "%s" (taskwire-text "emacs.error.logbookAdd")))
    (taskwire-actions--with-errors
      (let* ((name taskwire-view-name)
             (group (taskwire-view-group-at-point))
             (item (taskwire-view-group-item group))
             (params (list :text (string-trim text))))
        (when (member name '("inbox" "today" "upcoming"))
          (setq params (append params (list :view name))))
        (pcase item
          (`("projects" . ,area)
           (setq params (append (list :title (string-trim text) :kind "project")
                                (and (> area 0) (list :parent area)))))
          (`("tasks" . ,parent)             ; (Someday's tasks in nothing: "tasks:0")
           (unless (or (eql parent 0) (taskwire-add--names-project-p (string-trim text)))
             (setq params (append params (list :parent parent))))))
        (when (and (equal name "someday")
                   (not (plist-get (plist-get (taskwire-rpc-request
                                               'task/parse (list :text (string-trim text)))
                                              :fields)
                                   :scheduledDate)))
          (setq params (append params (list :someday t))))
        (when (and (equal name "upcoming") group (plist-get group :date))
          (let ((parsed (taskwire-rpc-request 'task/parse (list :text (string-trim text)
                                                                :view name))))
            (unless (taskwire-add--names-day-p parsed)
              (setq params (append params (list :scheduledDate (plist-get group :date)))))))
        (when (equal name "matrix")
          (setq params (append params (cdr (assoc (if group (plist-get group :key) "eliminate")
                                                  taskwire-add--quadrant-fields)))))
        (let* ((version (plist-get taskwire-view-snapshot :version))
               (result (taskwire-rpc-request 'task/create params))
               (task (plist-get result :task)))
          (when (taskwire-add--shows-p result)
            (taskwire-view-follow (plist-get task :id))
            (taskwire-actions--settle version))
          ;; where it went, when that is not (only) here
          (unless (and (taskwire-add--shows-p result)
                       (or (equal (plist-get result :view) name) (member name '("matrix" "all"))))
            (taskwire-rpc-message "%s" (plist-get result :message))))))))

(provide 'taskwire-add)
;;; taskwire-add.el ends here
