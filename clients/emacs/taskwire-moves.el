;;; taskwire-moves.el --- Moving tasks by keys and by the mouse  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; M-up and M-down move the task at point one place, on into the next
;; or previous group (a day, a quadrant, a heading, an area) at a
;; group's end (past Today's own list: into This Evening, even while
;; that group is empty and not shown); a mouse drag drops it on
;; another line, in this view or another view's window.  Each sends one `task/move' with the version
;; of the view it was computed on, and the buffer follows from the
;; subscription.
;;
;; In a project a task moves among the project's own tasks and under
;; its headings; in the projects list a project among the projects of
;; an area (or of none) and into the next area; in an area a project
;; among its projects and a task among its tasks.

;;; Code:

(require 'subr-x)
(require 'taskwire-catalogue)
(require 'taskwire-rpc)
(require 'taskwire-view)
(require 'taskwire-subscription)
(require 'taskwire-actions)

;;;; Moves

(defun taskwire-actions--check-unfiltered ()
  "Signal when the current view is filtered: a move needs all of it."
  (unless (string-empty-p taskwire-view-query)
    (user-error "%s" (taskwire-text "emacs.error.filtered"
                                    :key (substitute-command-keys
                                          "\\<taskwire-view-mode-map>\\[taskwire-filter]")))))

(defconst taskwire-moves-views
  '("inbox" "today" "upcoming" "matrix" "projects" "project" "area")
  "The views in which tasks (and projects) move.")

(defun taskwire-actions--check-target (name)
  "Signal unless tasks move in view NAME (see `taskwire-moves-views')."
  (unless (member name taskwire-moves-views)
    (user-error "%s" (taskwire-text "emacs.error.notDragTarget"
                                    :view (taskwire-catalogue-view-name name)))))

(defun taskwire-moves-target (group)
  "Return the `task/move' params of a drop into GROUP of the current view.
A plist of `:view' and what else says the place (`:date', `:quadrant',
`:project' and `:heading', `:area'), with `:version' when the target is
the current buffer's view."
  (let* ((name taskwire-view-name)
         (item (taskwire-view-group-item group))
         (target
          (pcase name
            ("upcoming" (list :view name :date (plist-get group :date)))
            ("matrix" (list :view name :quadrant (plist-get group :key)))
            ;; Today's This Evening; Today's own list: no evening
            ((guard (and (equal name "today") (equal (plist-get group :key) "evening")))
             (list :view name :evening t))
            ((guard (and item (equal (car item) "projects")))
             (append (list :view "projects") (and (> (cdr item) 0) (list :area (cdr item)))))
            ("area" (list :view name :area (cdr item)))
            ("project" (append (list :view name :project taskwire-view-item)
                               (and (not (eql (cdr item) taskwire-view-item))
                                    (list :heading (cdr item)))))
            (_ (list :view name)))))
    (if (equal (plist-get target :view) name)
        (append target (list :version (plist-get taskwire-view-snapshot :version)))
      target)))

(defun taskwire-actions--move (delta)
  "Move the task at point DELTA places (1 down, -1 up).
At a group's end it goes on into the next or previous group (a day,
a quadrant, Today's This Evening after Today's own list)."
  (let* ((task (taskwire-actions--task))
         (id (plist-get task :id))
         (name taskwire-view-name)
         (where (or (taskwire-view-find id)
                    (user-error "%s" (taskwire-text "emacs.error.noTask"))))
         (groups (plist-get taskwire-view-snapshot :groups))
         (gi (car where))
         (index (cdr where))
         (count (length (plist-get (nth gi groups) :tasks))))
    (taskwire-actions--check-unfiltered)
    (taskwire-actions--check-target name)
    (cond ((and (> delta 0) (< (1+ index) count)) (setq index (1+ index)))
          ((> delta 0)
           (cond ((< (1+ gi) (length groups)) (setq gi (1+ gi) index 0))
                 ;; past Today's own list: into This Evening, shown once it holds a task
                 ((and (equal name "today") (equal (plist-get (nth gi groups) :key) "today"))
                  (setq groups (append groups (list (list :key "evening" :tasks nil)))
                        gi (1+ gi) index 0))
                 (t (user-error "%s" (taskwire-text "emacs.error.atBottom")))))
          ((> index 0) (setq index (1- index)))
          ((> gi 0) (setq gi (1- gi)
                          index (length (plist-get (nth gi groups) :tasks))))
          (t (user-error "%s" (taskwire-text "emacs.error.atTop"))))
    ;; an area's projects, then its tasks: neither goes into the other
    (unless (equal (car (taskwire-view-group-item (nth gi groups)))
                   (car (taskwire-view-group-item (nth (car where) groups))))
      (user-error "%s" (taskwire-text (if (> delta 0) "emacs.error.atBottom"
                                        "emacs.error.atTop"))))
    (let* ((group (nth gi groups))
           (params (append (list :id id :index index) (taskwire-moves-target group))))
      (condition-case err
          (progn
            (let* ((version (plist-get taskwire-view-snapshot :version))
                   (result (taskwire-rpc-request 'task/move params)))
              (taskwire-view-follow id)
              (taskwire-actions--settle version)
              (taskwire-actions--say-where result)))
        (taskwire-error
         (taskwire-rpc-message "%s" (cadr err))
         (when (equal (taskwire-rpc-error-code err) -32801)
           (taskwire-actions--with-errors (taskwire-view-sync))))))))

(defun taskwire-move-up ()
  "Move the task at point one place up (at the top, into the group before)."
  (interactive)
  (taskwire-actions--move -1))

(defun taskwire-move-down ()
  "Move the task at point one place down (at the end, into the next group)."
  (interactive)
  (taskwire-actions--move 1))

;;;; Mouse drags

(defun taskwire-actions--drop-index (group-index line-kind line-index source)
  "The drop index for a drop on a line of the current view buffer.
GROUP-INDEX, LINE-KIND and LINE-INDEX describe the line dropped on;
SOURCE is where the dragged task is in this view, (GI . INDEX) or nil.
A task line means that task's place, a header or \"(no tasks)\" line the
group's top, the blank line after a group its end.  The index counts
the target list with the dragged task taken out, as task/move does."
  (let ((tasks (plist-get (nth group-index (plist-get taskwire-view-snapshot :groups)) :tasks)))
    (pcase line-kind
      ('task line-index)
      ('blank (if (and source (= (car source) group-index))
                  (1- (length tasks))
                (length tasks)))
      (_ 0))))

(defun taskwire-mouse-drag (event)
  "Move the task where the drag EVENT started to where it ended.
The drop may be in another taskwire view's window: Inbox, Today,
Upcoming, the matrix, a project (under a heading: on its header or
its tasks), an area or the projects list."
  (interactive "e")
  (let* ((start (event-start event))
         (end (event-end event))
         (source-buffer (window-buffer (posn-window start)))
         (target-window (posn-window end))
         (target-buffer (and (windowp target-window) (window-buffer target-window)))
         (start-pos (posn-point start))
         (end-pos (posn-point end))
         (id (and start-pos (with-current-buffer source-buffer
                              (get-text-property start-pos 'taskwire-task)))))
    (when (and id end-pos target-buffer
               (not (and (eq source-buffer target-buffer)
                         (= (with-current-buffer source-buffer
                              (line-number-at-pos start-pos))
                            (with-current-buffer source-buffer
                              (line-number-at-pos end-pos))))))
      (with-current-buffer target-buffer
        (unless (derived-mode-p 'taskwire-view-mode)
          (user-error "%s" (taskwire-text "emacs.error.dropOnView")))
        (taskwire-actions--check-target taskwire-view-name)
        (taskwire-actions--check-unfiltered)
        (let* ((line-start (save-excursion (goto-char end-pos) (line-beginning-position)))
               (gi (get-text-property line-start 'taskwire-group))
               (group (and gi (nth gi (plist-get taskwire-view-snapshot :groups)))))
          (unless group
            (user-error "%s" (taskwire-text (if (equal taskwire-view-name "upcoming")
                                                "emacs.error.noDayHere"
                                              "emacs.error.noListHere"))))
          (let ((index (taskwire-actions--drop-index
                        gi (get-text-property line-start 'taskwire-kind)
                        (get-text-property line-start 'taskwire-index)
                        (taskwire-view-find id)))
                (version (plist-get taskwire-view-snapshot :version)))
            (taskwire-actions--with-errors
              (let ((result (taskwire-rpc-request
                             'task/move
                             (append (list :id id :index index) (taskwire-moves-target group)))))
                (taskwire-view-follow id)
                (taskwire-actions--settle version)
                (taskwire-actions--say-where result)))))))))

(provide 'taskwire-moves)
;;; taskwire-moves.el ends here
