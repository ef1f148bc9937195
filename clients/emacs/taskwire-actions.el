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

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'subr-x)
(require 'taskwire-rpc)
(require 'taskwire-view)
(require 'taskwire-display)
(require 'taskwire-quickadd)
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
    (user-error "Not a taskwire view buffer")))

(defun taskwire-actions--task ()
  "The task at point, or a `user-error'."
  (taskwire-actions--check-buffer)
  (or (taskwire-view-task-at-point)
      (user-error "No task on this line")))

(defun taskwire-actions--title (task)
  "TASK's title."
  (plist-get task :title))

(defun taskwire-actions--place-name (result)
  "Name the place a task/move or task/schedule RESULT gives."
  (let ((view (plist-get result :view))
        (today (plist-get taskwire-view-snapshot :today)))
    (if (equal view "upcoming")
        (concat "Upcoming: " (taskwire-display-day (plist-get result :group) today
                                                   (taskwire-view-language)))
      (capitalize (or view "the logbook")))))

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
                      (list (read-string "Filter (#tag @type !! * due:fri repeat:yes sort:priority words): "
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
      (taskwire-rpc-message "%s '%s'" (if reopen "reopened" "completed")
               (taskwire-actions--title task)))))

(defun taskwire-delete ()
  "Delete the task at point, after a yes.
Undo with \\[taskwire-undo]."
  (interactive)
  (let ((task (taskwire-actions--task)))
    (when (or (not taskwire-confirm-delete)
              (yes-or-no-p (format "Delete '%s'? " (taskwire-actions--title task))))
      (taskwire-actions--with-errors
        (taskwire-rpc-request 'task/delete (list :id (plist-get task :id)))
        (taskwire-rpc-message "deleted '%s' (%s to undo)" (taskwire-actions--title task)
                 (substitute-command-keys "\\<taskwire-view-mode-map>\\[taskwire-undo]"))))))

(defun taskwire-edit-title ()
  "Edit the title of the task at point in the minibuffer."
  (interactive)
  (let* ((task (taskwire-actions--task))
         (title (read-string "Title: " (taskwire-actions--title task))))
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
      (taskwire-rpc-message "undid: %s" (plist-get (plist-get result :undone) :label)))))

(defun taskwire-redo ()
  "Redo the change undone last."
  (interactive)
  (taskwire-actions--with-errors
    (let ((result (taskwire-rpc-request 'history/redo nil)))
      (taskwire-rpc-message "redid: %s" (plist-get (plist-get result :redone) :label)))))

;;;; Scheduling

(defun taskwire-actions--schedule-date (id)
  "Ask for task ID's new date with the server's menu; nil when cancelled.
Returns (DATE) where DATE is a YYYY-MM-DD date, a phrase or nil (Inbox)."
  (let* ((menu (taskwire-rpc-request 'task/scheduleOptions (list :id id)))
         (options (append (plist-get menu :options) nil))
         (picker (plist-get menu :picker))
         (today (plist-get taskwire-view-snapshot :today))
         (lang (taskwire-view-language))
         (labels (mapcar (lambda (option)
                           (cons (concat (plist-get option :label)
                                         (if (plist-get option :date)
                                             (concat "  " (taskwire-display-day
                                                           (plist-get option :date) today lang))
                                           "")
                                         (if (eq (plist-get option :current) t) "  •" ""))
                                 option))
                         options))
         (table (lambda (string predicate action)
                  (if (eq action 'metadata)
                      '(metadata (display-sort-function . identity)
                                 (cycle-sort-function . identity))
                    (complete-with-action action (mapcar #'car labels) string predicate))))
         (answer (completing-read "Schedule (or type a date: fri, in 3 days): " table))
         (option (cdr (assoc answer labels))))
    (cond ((string-blank-p answer) nil)
          ((null option) (list (string-trim answer)))
          ((equal (plist-get option :id) "choose")
           (let ((phrase (read-string (format "Date (YYYY-MM-DD or a phrase, default %s): "
                                              (plist-get picker :default))
                                      nil nil (plist-get picker :default))))
             (and (not (string-blank-p phrase)) (list (string-trim phrase)))))
          ((equal (plist-get option :id) "inbox") (list nil))
          (t (list (plist-get option :date))))))

(defun taskwire-schedule ()
  "Schedule the task at point with the server's date menu (or a typed phrase)."
  (interactive)
  (let ((task (taskwire-actions--task)))
    (taskwire-actions--with-errors
      (let ((date (taskwire-actions--schedule-date (plist-get task :id))))
        (when date
          (let ((result (taskwire-rpc-request 'task/schedule
                                              (list :id (plist-get task :id) :date (car date)))))
            (taskwire-rpc-message "'%s' is in %s" (taskwire-actions--title task)
                     (taskwire-actions--place-name result))))))))

(defun taskwire-to-inbox ()
  "Send the task at point to the Inbox (no date)."
  (interactive)
  (let ((task (taskwire-actions--task)))
    (taskwire-actions--with-errors
      (taskwire-rpc-request 'task/schedule (list :id (plist-get task :id) :date nil))
      (taskwire-rpc-message "'%s' is in the Inbox" (taskwire-actions--title task)))))

;;;; Moves

(defun taskwire-actions--move (delta)
  "Move the task at point DELTA places (1 down, -1 up).
At a group's end it goes on into the next or previous group (a day,
a quadrant)."
  (let* ((task (taskwire-actions--task))
         (id (plist-get task :id))
         (name taskwire-view-name)
         (where (or (taskwire-view-find id) (user-error "No task on this line")))
         (groups (plist-get taskwire-view-snapshot :groups))
         (gi (car where))
         (index (cdr where))
         (count (length (plist-get (nth gi groups) :tasks))))
    (unless (string-empty-p taskwire-view-query)
      (user-error "Moves work on the unfiltered view: clear the filter first (%s RET)"
                  (substitute-command-keys "\\<taskwire-view-mode-map>\\[taskwire-filter]")))
    (when (member name '("all" "logbook"))
      (user-error "The %s view is not a drag target: move tasks in Today, Inbox, Upcoming or the matrix"
                  name))
    (cond ((and (> delta 0) (< (1+ index) count)) (setq index (1+ index)))
          ((> delta 0)
           (if (< (1+ gi) (length groups))
               (setq gi (1+ gi) index 0)
             (user-error "Already at the bottom")))
          ((> index 0) (setq index (1- index)))
          ((> gi 0) (setq gi (1- gi)
                          index (length (plist-get (nth gi groups) :tasks))))
          (t (user-error "Already at the top")))
    (let* ((group (nth gi groups))
           (params (append (list :id id :view name :index index
                                 :version (plist-get taskwire-view-snapshot :version))
                           (pcase name
                             ("upcoming" (list :date (plist-get group :date)))
                             ("matrix" (list :quadrant (plist-get group :key)))))))
      (condition-case err
          (progn
            (let ((version (plist-get taskwire-view-snapshot :version)))
              (taskwire-rpc-request 'task/move params)
              (taskwire-view-follow id)
              (taskwire-actions--settle version)))
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
Upcoming or the matrix."
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
          (user-error "Drop the task on a taskwire view"))
        (unless (member taskwire-view-name '("inbox" "today" "upcoming" "matrix"))
          (user-error "The %s view is not a drag target" taskwire-view-name))
        (unless (string-empty-p taskwire-view-query)
          (user-error "Moves work on the unfiltered view: clear the filter first"))
        (let* ((line-start (save-excursion (goto-char end-pos) (line-beginning-position)))
               (gi (get-text-property line-start 'taskwire-group))
               (group (and gi (nth gi (plist-get taskwire-view-snapshot :groups)))))
          (unless group
            (user-error (if (equal taskwire-view-name "upcoming")
                            "No day here: schedule the task to give it one"
                          "No list here")))
          (let ((index (taskwire-actions--drop-index
                        gi (get-text-property line-start 'taskwire-kind)
                        (get-text-property line-start 'taskwire-index)
                        (taskwire-view-find id)))
                (version (plist-get taskwire-view-snapshot :version)))
            (taskwire-actions--with-errors
              (taskwire-rpc-request
               'task/move
               (append (list :id id :view taskwire-view-name :index index :version version)
                       (pcase taskwire-view-name
                         ("upcoming" (list :date (plist-get group :date)))
                         ("matrix" (list :quadrant (plist-get group :key))))))
              (taskwire-view-follow id)
              (taskwire-actions--settle version))))))))

;;;; Adding

(defconst taskwire-actions--quadrant-fields
  '(("do" :priority 2 :urgent t)
    ("schedule" :priority 2 :urgent :json-false)
    ("delegate" :priority 1 :urgent t)
    ("eliminate" :priority 1 :urgent :json-false))
  "What a new task gets in each quadrant of the matrix.")

(defun taskwire-add (text)
  "Add a task by quick add TEXT (\"Call mom #family !! 30m fri\") in this view.
Inbox, Today, the Upcoming day at point (tomorrow when none), the matrix
quadrant at point; a date in TEXT decides the list wherever typed."
  (interactive (progn (taskwire-actions--check-buffer)
                      (list (taskwire-quickadd-read "New task: " taskwire-view-name))))
  (taskwire-actions--check-buffer)
  (unless (string-blank-p text)
    (when (equal taskwire-view-name "logbook")
      (user-error "The logbook holds completed tasks: add in another view"))
    (taskwire-actions--with-errors
      (let* ((name taskwire-view-name)
             (group (taskwire-view-group-at-point))
             (today (plist-get taskwire-view-snapshot :today))
             (params (list :text (string-trim text))))
        (when (member name '("inbox" "today" "upcoming"))
          (setq params (append params (list :view name))))
        (when (and (equal name "upcoming") group (plist-get group :date))
          (let ((parsed (taskwire-rpc-request 'task/parse (list :text (string-trim text)
                                                                :view name))))
            (unless (plist-get (plist-get parsed :fields) :scheduledDate)
              (setq params (append params (list :scheduledDate (plist-get group :date)))))))
        (when (equal name "matrix")
          (setq params (append params (cdr (assoc (if group (plist-get group :key) "eliminate")
                                                  taskwire-actions--quadrant-fields)))))
        (let* ((version (plist-get taskwire-view-snapshot :version))
               (result (taskwire-rpc-request 'task/create params))
               (task (plist-get result :task)))
          (if (or (equal (plist-get result :view) name) (member name '("matrix" "all")))
              (progn (taskwire-view-follow (plist-get task :id))
                     (taskwire-actions--settle version))
            (taskwire-rpc-message "%s"
                     (taskwire-display-placed (plist-get task :title) result today
                                              (taskwire-view-language)))))))))

(provide 'taskwire-actions)
;;; taskwire-actions.el ends here
