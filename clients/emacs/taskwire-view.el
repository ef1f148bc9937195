;;; taskwire-view.el --- Live view buffers kept current by subscriptions  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; One buffer per view ("*taskwire Today*", …), and one per project
;; or area ("*taskwire Project: Garden*"), kept live by a
;; `view/subscribe' subscription: each `view/changed' notification is
;; applied to the buffer's snapshot (taskwire-diff.el) and the buffer
;; is redrawn in place, only the lines that changed being replaced.
;; Every window (and the buffer's own point) stays on the task it was
;; on, wherever the task went; a task an action just made or moved is
;; followed.  A version gap or an op that does not fit lists the view
;; again.
;;
;; Each line carries text properties saying what it shows:
;; `taskwire-task' (the task's id), `taskwire-group' (the group's
;; index), `taskwire-index' (the task's index in its group) and
;; `taskwire-kind' (`task', `group', `empty' or `blank').  The actions
;; read these, never the text.
;;
;; The views of Things' structure: `projects' (a group per area, "No
;; area" first, each with its projects as lines), `project' (the
;; project's own tasks, then a group per heading with its tasks),
;; `area' (its projects, then its own tasks), `anytime' (the tasks
;; with no day, a group per area, project and heading) and `someday'
;; (what was put on Someday: tasks, and projects under their area).  A group's key says what
;; it holds: "projects:AREA" (projects; 0 for those in no area) or
;; "tasks:ITEM" (the tasks of a project, heading or area); see
;; `taskwire-view-group-item'.
;;
;; The subscription that keeps a view buffer live, and opening one,
;; are taskwire-subscription.el's.

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'subr-x)
(require 'taskwire-catalogue)
(require 'taskwire-rpc)
(require 'taskwire-display)

(defconst taskwire-view-names '("inbox" "today" "upcoming" "matrix" "all" "logbook" "anytime"
                                "someday" "projects")
  "The views the server has that show no one item.")

(defconst taskwire-view-item-names '("project" "area")
  "The views of one item, a project or an area, named by its id.")

(defvar-local taskwire-view-name nil
  "The view this buffer shows (\"today\", \"project\", …).")

(defvar-local taskwire-view-item nil
  "The id of the project or area this buffer shows, or nil.
Set in the buffers of the views in `taskwire-view-item-names'.")

(defvar-local taskwire-view-snapshot nil
  "The view's snapshot (see `taskwire-diff-normalize'), or nil before it came.")

(defvar-local taskwire-view-subscription nil
  "The buffer's subscription id, or nil.")

(defvar-local taskwire-view-query ""
  "The buffer's filter query (see taskwire-filter.el); empty for none.")

(defvar-local taskwire-view--shown []
  "The lines the buffer shows, a vector of strings.")

(defvar-local taskwire-view--follow nil
  "A task id the point goes to at the next redraw that shows it.")

(defvar taskwire-view-changed-functions nil
  "Functions called with a view's name after its buffer showed a new snapshot.")

(defvar taskwire-view-mode-map (make-sparse-keymap)
  "Keys of the taskwire view buffers (filled in by taskwire.el).")

(declare-function taskwire-view-sync "taskwire-subscription" ())
(declare-function taskwire-view--unsubscribe "taskwire-subscription" ())

(define-derived-mode taskwire-view-mode special-mode "Taskwire"
  "A taskwire view, kept current by the server.

\\{taskwire-view-mode-map}"
  (setq truncate-lines t
        buffer-undo-list t)
  (setq-local revert-buffer-function
              (lambda (_ignore-auto _noconfirm)
                (condition-case err
                    (taskwire-view-sync)
                  (taskwire-error (taskwire-rpc-message "%s" (cadr err))))))
  (add-hook 'kill-buffer-hook #'taskwire-view--unsubscribe nil t))

(defun taskwire-view-buffer-name (name &optional title)
  "The name of view NAME's buffer, in the session's language.
TITLE is the project's or the area's title, for their views."
  (format "*taskwire %s*"
          (pcase name
            ("project" (taskwire-text "emacs.view.project" :title title))
            ("area" (taskwire-text "emacs.view.area" :title title))
            (_ (taskwire-catalogue-view-name name)))))

(defun taskwire-view-buffer (name &optional item)
  "The live buffer of view NAME (of project or area ITEM), or nil."
  (seq-find (lambda (buffer)
              (with-current-buffer buffer
                (and (derived-mode-p 'taskwire-view-mode) (equal taskwire-view-name name)
                     (eql taskwire-view-item item))))
            (buffer-list)))

(defun taskwire-view-group-item (group)
  "Read GROUP's key: (\"tasks\" . ID) or (\"projects\" . AREA).
\"tasks:3\" holds the tasks of item 3 (a project, a heading or an
area), \"projects:1\" the projects of area 1 (0: those in no area).
Nil for the groups of the other views (a day, a quadrant)."
  (let ((key (plist-get group :key)))
    (and (stringp key)
         (string-match "\\`\\(tasks\\|projects\\):\\([0-9]+\\)\\'" key)
         (cons (match-string 1 key) (string-to-number (match-string 2 key))))))

(defvar-local taskwire-view--item-title nil
  "The title of the buffer's project or area, as last seen.")

(defun taskwire-view-item-title ()
  "Return the title of the project or area of the current buffer, else nil.
It is the title of the snapshot's group of the item's own tasks
\(\"tasks:ID\"; an area's first group, its projects, is titled
\"Projects\"); once the item is gone (deleted, completed), the title it
had."
  (when taskwire-view-item
    (let ((group (seq-find (lambda (group)
                             (equal (taskwire-view-group-item group)
                                    (cons "tasks" taskwire-view-item)))
                           (plist-get taskwire-view-snapshot :groups))))
      (when group (setq taskwire-view--item-title (plist-get group :title)))
      (or taskwire-view--item-title (number-to-string taskwire-view-item)))))

(defun taskwire-view--name-buffer ()
  "Name the current view buffer as its view (and item) read now."
  (let ((name (taskwire-view-buffer-name taskwire-view-name (taskwire-view-item-title))))
    (unless (or (equal (buffer-name) name)
                (and (string-prefix-p name (buffer-name))
                     (string-match-p "\\`<[0-9]+>\\'" (substring (buffer-name) (length name)))))
      (rename-buffer name t))))

(defun taskwire-view-rename-buffers ()
  "Name the view buffers in the session's language (it changed)."
  (dolist (buffer (buffer-list))
    (with-current-buffer buffer
      (when (and (derived-mode-p 'taskwire-view-mode) taskwire-view-name)
        (taskwire-view--name-buffer)))))

(defun taskwire-view--place (pos)
  "Where POS is: (TASK-ID COLUMN LINE)."
  (save-excursion
    (goto-char pos)
    (list (get-text-property (line-beginning-position) 'taskwire-task)
          (current-column)
          (line-number-at-pos))))

(defun taskwire-view--restore (place)
  "The position for PLACE (see `taskwire-view--place') after a redraw."
  (save-excursion
    (let ((found (and (car place)
                      (text-property-any (point-min) (point-max) 'taskwire-task (car place)))))
      (if found
          (goto-char found)
        (goto-char (point-min))
        (forward-line (1- (nth 2 place)))
        (when (and (eobp) (not (bobp))) (forward-line -1)))
      (move-to-column (nth 1 place))
      (point))))

(defun taskwire-view-redraw ()
  "Show the current buffer's snapshot, replacing only the lines that changed.
Each window on the buffer stays on its task."
  (let* ((new (vconcat (taskwire-display-lines taskwire-view-name taskwire-view-snapshot)))
         (old taskwire-view--shown)
         (windows (get-buffer-window-list (current-buffer) nil t))
         (places (mapcar (lambda (w) (cons w (taskwire-view--place (window-point w)))) windows))
         (own (taskwire-view--place (point)))
         (prefix 0)
         (suffix 0)
         (inhibit-read-only t))
    (while (and (< prefix (length old)) (< prefix (length new))
                (equal-including-properties (aref old prefix) (aref new prefix)))
      (setq prefix (1+ prefix)))
    (while (and (< (+ prefix suffix) (length old)) (< (+ prefix suffix) (length new))
                (equal-including-properties (aref old (- (length old) suffix 1))
                                            (aref new (- (length new) suffix 1))))
      (setq suffix (1+ suffix)))
    (save-excursion
      (goto-char (point-min))
      (forward-line prefix)
      (let ((start (point)))
        (forward-line (- (length old) prefix suffix))
        (delete-region start (point))
        (goto-char start)
        (cl-loop for i from prefix below (- (length new) suffix)
                 do (insert (aref new i)))))
    (setq taskwire-view--shown new)
    (set-buffer-modified-p nil)
    (when taskwire-view-item (taskwire-view--name-buffer))  ; a project renamed
    (let ((follow (and taskwire-view--follow
                       (text-property-any (point-min) (point-max)
                                          'taskwire-task taskwire-view--follow))))
      (when follow (setq taskwire-view--follow nil))
      (goto-char (or follow (taskwire-view--restore own)))
      (dolist (entry places)
        (set-window-point (car entry)
                          (if (and follow (eq (car entry) (selected-window)))
                              follow
                            (taskwire-view--restore (cdr entry))))))))

(defun taskwire-view--on-new-catalogue ()
  "Name and draw the view buffers in the catalogue's language."
  (taskwire-view-rename-buffers)
  (dolist (buffer (buffer-list))
    (with-current-buffer buffer
      (when (derived-mode-p 'taskwire-view-mode)
        (taskwire-view-redraw)))))

(add-hook 'taskwire-catalogue-changed-hook #'taskwire-view--on-new-catalogue)

;;;; What is at point

(defun taskwire-view-task-at-point ()
  "The task on the line at point (a plist), or nil."
  (let ((gi (get-text-property (line-beginning-position) 'taskwire-group))
        (index (get-text-property (line-beginning-position) 'taskwire-index)))
    (and index taskwire-view-snapshot
         (nth index (plist-get (nth gi (plist-get taskwire-view-snapshot :groups)) :tasks)))))

(defun taskwire-view-group-at-point ()
  "The group on the line at point (or the one before a blank line), or nil.
At the end of the buffer, the last group."
  (let ((gi (get-text-property (if (and (eobp) (bolp) (not (bobp)))
                                   (line-beginning-position 0)
                                 (line-beginning-position))
                               'taskwire-group)))
    (and gi taskwire-view-snapshot (nth gi (plist-get taskwire-view-snapshot :groups)))))

(defun taskwire-view-find (id)
  "Where task ID is in the snapshot: (GROUP-INDEX . INDEX), or nil."
  (cl-loop for group in (plist-get taskwire-view-snapshot :groups)
           for gi from 0
           for index = (seq-position (plist-get group :tasks) id
                                     (lambda (task id) (equal (plist-get task :id) id)))
           when index return (cons gi index)))

(defun taskwire-view-follow (id)
  "Put point on task ID now, or at the first redraw with it."
  (let ((pos (text-property-any (point-min) (point-max) 'taskwire-task id)))
    (if pos
        (progn (goto-char pos) (setq taskwire-view--follow nil)
               (let ((window (get-buffer-window (current-buffer))))
                 (when window (set-window-point window pos))))
      (setq taskwire-view--follow id))))

(provide 'taskwire-view)
;;; taskwire-view.el ends here
