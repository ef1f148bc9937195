;;; taskwire-projects.el --- Projects, headings and areas  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; Things' structure, as the server keeps it: an area ("Home") holds
;; projects ("Garden"), a project holds headings ("Spring") and tasks.
;; `taskwire-projects' shows the live list of the areas with their
;; projects (the `projects' view), `taskwire-project' one project (its
;; own tasks, then each heading with its tasks) and `taskwire-area' one
;; area (its projects, then its tasks); they are view buffers like
;; Today, kept live by their subscriptions, and the keys of a view work
;; there (`a' adds under the heading at point, M-up and M-down move).
;;
;; RET on a project opens it (on an area's header, the area), `o' opens
;; the project of the task at point, `m' moves the task at point into a
;; project or under one of its headings, named as quick add names them
;; ("Garden", "Garden/Spring"), and `H' adds a heading to the project
;; shown.  The projects and headings offered are listed from the server
;; each time (`view/list').  `C-c C-p' makes the task at point a
;; project, the lines of its checklist its tasks.

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'subr-x)
(require 'taskwire-catalogue)
(require 'taskwire-rpc)
(require 'taskwire-view)
(require 'taskwire-subscription)
(require 'taskwire-quickadd)
(require 'taskwire-actions)

(defcustom taskwire-open-made-project t
  "Whether \[taskwire-make-project] shows the project it made."
  :type 'boolean
  :group 'taskwire)

(defun taskwire-projects--open (name &optional item)
  "Show view NAME (of project or area ITEM) in the selected window."
  (condition-case err
      (pop-to-buffer-same-window (taskwire-view-open name item))
    (taskwire-error (user-error "Taskwire: %s" (cadr err)))))

;;;###autoload
(defun taskwire-projects ()
  "Show the areas, each with its projects, live; RET on a project opens it."
  (interactive)
  (taskwire-projects--open "projects"))

;;;; Naming projects and areas

(defun taskwire-projects-list ()
  "The open projects and the areas, from the server's `projects' view.
A list of (KIND ID TITLE AREA), KIND being `project' or `area' and AREA
the title of a project's area (nil for none), in the view's order."
  (let (items)
    (seq-doseq (group (plist-get (taskwire-rpc-request 'view/list '(:view "projects"))
                                 :groups))
      (let ((area (cdr (taskwire-view-group-item group))))
        (when (and area (> area 0))
          (push (list 'area area (plist-get group :title) nil) items))
        (seq-doseq (project (plist-get group :tasks))
          (push (list 'project (plist-get project :id) (plist-get project :title)
                      (and area (> area 0) (plist-get group :title)))
                items))))
    (nreverse items)))

(defun taskwire-projects--choices (kind)
  "The projects (KIND `project') or areas (`area') to choose from.
An alist of label to id; a title that is there twice is told apart by
its area (\"Garden · Home\")."
  (let* ((items (seq-filter (lambda (item) (eq (car item) kind)) (taskwire-projects-list)))
         (titles (mapcar #'caddr items)))
    (mapcar (lambda (item)
              (cons (if (and (> (seq-count (lambda (title) (equal title (nth 2 item))) titles) 1)
                             (nth 3 item))
                        (concat (nth 2 item) " · " (nth 3 item))
                      (nth 2 item))
                    (nth 1 item)))
            items)))

(defun taskwire-projects--find (kind name)
  "The id of the project or area (KIND) NAME: an id, a label or a title.
A title is matched ignoring case.  Signal a `user-error' when there is none."
  (if (integerp name)
      name
    (let* ((choices (taskwire-projects--choices kind))
           (found (or (assoc name choices)
                      (seq-find (lambda (choice) (equal (downcase (car choice)) (downcase name)))
                                choices))))
      (cond (found (cdr found))
            ((string-match-p "\\`[0-9]+\\'" name) (string-to-number name))
            (t (user-error "%s" (taskwire-text (if (eq kind 'area) "emacs.error.noSuchArea"
                                                 "emacs.error.noSuchProject")
                                               :name name)))))))

(defun taskwire-projects--read (kind)
  "Ask for a project or an area (KIND `project' or `area'); its label."
  (taskwire-rpc-start)
  (let ((choices (condition-case err
                     (taskwire-projects--choices kind)
                   (taskwire-error (user-error "Taskwire: %s" (cadr err))))))
    (unless choices
      (user-error "%s" (taskwire-text (if (eq kind 'area) "emacs.error.noAreas"
                                        "emacs.error.noProjects"))))
    (completing-read (taskwire-text (if (eq kind 'area) "emacs.prompt.area"
                                      "emacs.prompt.project"))
                     (mapcar #'car choices) nil t)))

;;;###autoload
(defun taskwire-project (project)
  "Show PROJECT live: its own tasks, then each heading with its tasks.
PROJECT is an id or a title; interactively, one of the open projects."
  (interactive (list (taskwire-projects--read 'project)))
  (taskwire-projects--open "project" (taskwire-projects--find 'project project)))

;;;###autoload
(defun taskwire-area (area)
  "Show AREA live: its projects, then its own tasks.
AREA is an id or a title; interactively, one of the areas."
  (interactive (list (taskwire-projects--read 'area)))
  (taskwire-projects--open "area" (taskwire-projects--find 'area area)))

;;;; Opening what is at point

(defun taskwire-projects--at-point ()
  "Return the project or area on the line at point: (VIEW . ID), or nil.
A project's line gives its project; in the projects list, an area's
header gives the area."
  (let ((task (taskwire-view-task-at-point))
        (item (taskwire-view-group-item (taskwire-view-group-at-point))))
    (cond ((and task (member (plist-get task :kind) '("project" "area")))
           (cons (plist-get task :kind) (plist-get task :id)))
          ((and (not task) (equal taskwire-view-name "projects")
                (eq (get-text-property (line-beginning-position) 'taskwire-kind) 'group)
                item (> (cdr item) 0))
           (cons "area" (cdr item))))))

(defun taskwire-projects--container (id)
  "The project or area holding item ID (a heading's project): (VIEW . ID)."
  (let ((item (plist-get (taskwire-rpc-request 'task/get (list :id id)) :task)))
    (pcase (plist-get item :kind)
      ((or "project" "area") (cons (plist-get item :kind) id))
      ("heading" (cons "project" (plist-get item :parent))))))

(defun taskwire-open ()
  "Open the project or area at point, or the one the task at point is in."
  (interactive)
  (taskwire-actions--check-buffer)
  (let* ((task (taskwire-view-task-at-point))
         (place (or (taskwire-projects--at-point)
                    (and task (plist-get task :parent)
                         (condition-case err
                             (taskwire-projects--container (plist-get task :parent))
                           (taskwire-error (user-error "Taskwire: %s" (cadr err))))))))
    (unless place
      (user-error "%s" (taskwire-text "emacs.error.nothingToOpen")))
    (taskwire-projects--open (car place) (cdr place))))

(defun taskwire-open-or-edit ()
  "Open the project or area at point; on a task, edit its title."
  (interactive)
  (taskwire-actions--check-buffer)
  (if (taskwire-projects--at-point)
      (taskwire-open)
    (taskwire-edit-title)))

;;;; Moving into a project

(defun taskwire-projects-targets ()
  "Where a task can go: each open project and each of its headings.
A list of (LABEL PROJECT HEADING TASKS), LABEL as quick add names it
\(\"Garden\", \"Garden/Spring\"), HEADING nil for the project's own
tasks, TASKS the ids of the tasks there now."
  (let (targets)
    (dolist (project (seq-filter (lambda (item) (eq (car item) 'project))
                                 (taskwire-projects-list)))
      (let ((id (nth 1 project)))
        (seq-doseq (group (plist-get (taskwire-rpc-request 'view/list
                                                           (list :view "project" :project id))
                                     :groups))
          (let ((heading (cdr (taskwire-view-group-item group)))
                (tasks (mapcar (lambda (task) (plist-get task :id)) (plist-get group :tasks))))
            (push (if (eql heading id)
                      (list (nth 2 project) id nil tasks)
                    (list (concat (nth 2 project) "/" (plist-get group :title)) id heading tasks))
                  targets)))))
    (nreverse targets)))

(defun taskwire-move-to-project (task target)
  "Move TASK (a plist) into TARGET, at its end.
TARGET is an element of `taskwire-projects-targets': a project's own
tasks or a heading's.  Interactively, the task at point, and the target
read with completion (\"Garden\", \"Garden/Spring\")."
  (interactive
   (let* ((task (taskwire-actions--task))
          (targets (condition-case err
                       (taskwire-projects-targets)
                     (taskwire-error (user-error "Taskwire: %s" (cadr err)))))
          (answer (progn
                    (unless targets (user-error "%s" (taskwire-text "emacs.error.noProjects")))
                    (completing-read (taskwire-text "emacs.prompt.moveToProject"
                                                    :title (plist-get task :title))
                                     (mapcar #'car targets) nil t))))
     (list task (assoc answer targets))))
  (when target
    (pcase-let ((`(,label ,project ,heading ,tasks) target)
                (id (plist-get task :id)))
      (taskwire-actions--with-errors
        (let ((result (taskwire-rpc-request
                       'task/move
                       (append (list :id id :view "project" :project project)
                               (and heading (list :heading heading))
                               (list :index (- (length tasks) (if (memq id tasks) 1 0)))))))
          (when (and (derived-mode-p 'taskwire-view-mode) taskwire-view-item)
            (taskwire-view-follow id))
          (taskwire-rpc-message
           "%s" (let ((message (plist-get result :message)))
                  (if (stringp message)
                      message
                    (taskwire-text "emacs.message.movedToProject"
                                   :title (plist-get task :title) :project label)))))))))

;;;; Making a project of a task

(defun taskwire-make-project ()
  "Make the task at point a project (`task/convert').
It keeps its title, notes, tags and date and goes into its area (a
task of a project into that project's area); each line of its
checklist becomes one of the project's tasks, in order (a checked
line a completed one).  With `taskwire-open-made-project', the
project is shown.  Undo with \[taskwire-undo]."
  (interactive)
  (let ((task (taskwire-actions--task)))
    (taskwire-actions--with-errors
      (let ((project (plist-get (taskwire-rpc-request 'task/convert
                                                      (list :id (plist-get task :id)
                                                            :to "project"))
                                :task)))
        (taskwire-rpc-message "%s" (taskwire-text "message.madeProject"
                                                  :title (plist-get project :title)))
        (when taskwire-open-made-project
          (taskwire-projects--open "project" (plist-get project :id)))))))

;;;; Headings

(defun taskwire-add-heading (title)
  "Add a heading TITLE to the end of the project shown."
  (interactive (progn (taskwire-actions--check-buffer)
                      (unless (equal taskwire-view-name "project")
                        (user-error "%s" (taskwire-text "emacs.error.notAProject")))
                      (list (read-string (taskwire-text "emacs.prompt.newHeading")))))
  (unless (string-blank-p title)
    (taskwire-actions--with-errors
      (taskwire-rpc-request 'task/create (list :title (string-trim title) :kind "heading"
                                               :parent taskwire-view-item)))))

;;;; Quick add's names

(defun taskwire-projects-quickadd-names ()
  "Return the names quick add knows after \">\": \"Garden\", \"Garden/Spring\".
Spaces are written as \"-\" (\"Front-yard\"), which the server reads."
  (mapcar (lambda (target) (replace-regexp-in-string " " "-" (car target)))
          (taskwire-projects-targets)))

(setq taskwire-quickadd-project-names-function #'taskwire-projects-quickadd-names)

(provide 'taskwire-projects)
;;; taskwire-projects.el ends here
