;;; jsonrpc_el_client.el --- drives taskwire through Emacs's jsonrpc.el  -*- lexical-binding: t -*-

;; A `jsonrpc-process-connection' over a pipe process, as eglot makes one: Content-Length
;; framing, JSON read with `json-parse-buffer' (objects as plists, null as nil, arrays as
;; vectors), `jsonrpc-request' for requests (an error reply is signalled as `jsonrpc-error'),
;; `jsonrpc-notify' for notifications, view/changed through the notification dispatcher.
;; jsonrpc.el writes "params": null for a request without params (history/undo, shutdown).
;;
;;   TASKWIRE=... emacs --batch -Q -l jsonrpc_el_client.el
;;
;; Prints "ok" or what failed; exits 0 or 1.

(require 'jsonrpc)
(require 'seq)
(require 'cl-lib)

(define-error 'tw-failed "interop scenario failed")

(defun tw-check (condition what &rest args)
  (unless condition (signal 'tw-failed (list (apply #'format what args)))))

;;; Snapshots: plists with the groups and their tasks as lists, so that ops can edit them.

(defun tw-norm (snapshot)
  (list :view (plist-get snapshot :view) :today (plist-get snapshot :today)
        :groups (mapcar (lambda (g) (list :key (plist-get g :key) :title (plist-get g :title)
                                          :date (plist-get g :date)
                                          :tasks (append (plist-get g :tasks) nil)))
                        (plist-get snapshot :groups))
        :version (plist-get snapshot :version)))

(defun tw-group (snapshot key)
  (or (seq-find (lambda (g) (equal (plist-get g :key) key)) (plist-get snapshot :groups))
      (signal 'tw-failed (list (format "no group %s" key)))))

(defun tw-insert-at (list index elt)
  (append (seq-take list index) (list elt) (seq-drop list index)))

(defun tw-remove-at (list index)
  (append (seq-take list index) (seq-drop list (1+ index))))

(defun tw-task-at (group index id op)
  (let ((task (nth index (plist-get group :tasks))))
    (tw-check (and task (equal (plist-get task :id) id)) "op does not fit: %S" op)
    task))

(defun tw-apply-op (snapshot op)
  "Applies one view/changed OP to SNAPSHOT in place (Protocol/README.md)."
  (pcase (plist-get op :op)
    ("insert"
     (let ((g (tw-group snapshot (plist-get op :group))))
       (plist-put g :tasks (tw-insert-at (plist-get g :tasks) (plist-get op :index)
                                         (copy-tree (plist-get op :task) t)))))
    ("remove"
     (let ((g (tw-group snapshot (plist-get op :group))))
       (tw-task-at g (plist-get op :index) (plist-get op :id) op)
       (plist-put g :tasks (tw-remove-at (plist-get g :tasks) (plist-get op :index)))))
    ("move"
     (let* ((from (plist-get op :from)) (to (plist-get op :to))
            (g (tw-group snapshot (plist-get from :group)))
            (task (tw-task-at g (plist-get from :index) (plist-get op :id) op)))
       (plist-put g :tasks (tw-remove-at (plist-get g :tasks) (plist-get from :index)))
       (let ((target (tw-group snapshot (plist-get to :group))))
         (plist-put target :tasks (tw-insert-at (plist-get target :tasks) (plist-get to :index) task)))))
    ("update"
     (let ((task (tw-task-at (tw-group snapshot (plist-get op :group))
                             (plist-get op :index) (plist-get op :id) op)))
       (cl-loop for (key value) on (plist-get op :fields) by #'cddr
                do (plist-put task key value))
       (seq-doseq (name (plist-get op :cleared))
         (plist-put task (intern (concat ":" name)) nil))))
    ("insertGroup"
     (plist-put snapshot :groups
                (tw-insert-at (plist-get snapshot :groups) (plist-get op :index)
                              (append (copy-sequence (plist-get op :group)) (list :tasks nil)))))
    ("removeGroup"
     (plist-put snapshot :groups (tw-remove-at (plist-get snapshot :groups) (plist-get op :index))))
    ("updateGroup"
     (let ((g (nth (plist-get op :index) (plist-get snapshot :groups))))
       (plist-put g :title (plist-get op :title))
       (plist-put g :date (plist-get op :date))))
    (other (signal 'tw-failed (list (format "unknown op %s" other))))))

;;; The scenario

(defvar tw-snapshots (make-hash-table) "Subscription id -> snapshot.")
(defvar tw-notifications 0)
(defvar tw-apply-errors nil)

(defun tw-on-notification (_conn method params)
  (when (eq method 'view/changed)
    (condition-case err
        (let ((snapshot (gethash (plist-get params :subscription) tw-snapshots)))
          (tw-check (and snapshot (equal (plist-get params :from) (plist-get snapshot :version)))
                    "a gap: %S" params)
          (seq-doseq (op (plist-get params :ops)) (tw-apply-op snapshot op))
          (plist-put snapshot :version (plist-get params :to))
          (plist-put snapshot :today (plist-get params :today))
          (setq tw-notifications (1+ tw-notifications)))
      (error (push (format "%S" err) tw-apply-errors)))))

(defun tw-titles (listed)
  (mapcar (lambda (g) (cons (plist-get g :key)
                            (mapcar (lambda (task) (plist-get task :title)) (plist-get g :tasks))))
          (plist-get listed :groups)))

(defun tw-scenario ()
  (let* ((stderr (get-buffer-create "*taskwire stderr*"))
         (proc (make-process :name "taskwire" :command (list (getenv "TASKWIRE") "--memory" "--clock"
                                                             "2026-02-12T08:00:00Z" "--time-zone" "UTC")
                             :connection-type 'pipe :coding 'utf-8-emacs-unix :noquery t
                             :stderr stderr))
         (conn (jsonrpc-process-connection :name "taskwire" :process proc
                                           :notification-dispatcher #'tw-on-notification))
         (call (lambda (method params) (jsonrpc-request conn method params)))
         ids subs)
    (unwind-protect
        (progn
          ;; initialize as eglot sends it
          (let ((init (funcall call :initialize
                               (list :processId (emacs-pid) :clientInfo '(:name "jsonrpc.el" :version "1.0.14")
                                     :rootPath nil :rootUri nil :initializationOptions (make-hash-table)
                                     :capabilities '(:workspace (:applyEdit t)) :workspaceFolders []))))
            (tw-check (equal (plist-get (plist-get init :serverInfo) :name) "taskwire") "initialize %S" init)
            (tw-check (eq (plist-get (plist-get init :capabilities) :viewDiffs) t) "capabilities %S" init)
            (tw-check (equal (plist-get init :timeZone) "UTC") "zone %S" init))
          (jsonrpc-notify conn :initialized (make-hash-table))
          (jsonrpc-notify conn :workspace/didChangeConfiguration (list :settings (make-hash-table)))
          (dolist (spec '(("inbox task" "inbox") ("today task" "today")
                          ("upcoming task" "upcoming" :notes "call first" :dueDate "2026-02-20")
                          ("inbox task 2" "inbox")))
            (let ((task (plist-get (funcall call :task/create (append (list :title (car spec) :view (cadr spec))
                                                                       (cddr spec)))
                                   :task)))
              (push (cons (car spec) (plist-get task :id)) ids)))
          (tw-check (equal (tw-titles (funcall call :view/list '(:view "today"))) '(("today" "today task")))
                    "view/list today")
          (dolist (view '("today" "upcoming" "inbox"))
            (let ((result (funcall call :view/subscribe (list :view view))))
              (puthash (plist-get result :subscription) (tw-norm (plist-get result :snapshot)) tw-snapshots)
              (push (cons view (plist-get result :subscription)) subs)))
          (let ((moved (funcall call :task/move (list :id (alist-get "today task" ids nil nil #'equal)
                                                      :view "upcoming" :date "tomorrow" :index 0))))
            (tw-check (equal (plist-get moved :group) "2026-02-13") "move %S" moved))
          (let ((undone (funcall call :history/undo nil)))
            (tw-check (string-prefix-p "Move 'today task'" (plist-get (plist-get undone :undone) :label))
                      "undo %S" undone))
          (funcall call :task/move
                   (list :id (alist-get "inbox task 2" ids nil nil #'equal) :view "inbox" :index 0))
          (funcall call :task/update (list :id (alist-get "upcoming task" ids nil nil #'equal)
                                           :notes nil :dueDate nil))
          (dolist (sub subs)
            (let* ((listed (tw-norm (funcall call :view/list (list :view (car sub)))))
                   (deadline (+ (float-time) 5)))
              (while (and (< (plist-get (gethash (cdr sub) tw-snapshots) :version) (plist-get listed :version))
                          (not tw-apply-errors) (< (float-time) deadline))
                (accept-process-output proc 0.05))
              (tw-check (null tw-apply-errors) "applying diffs: %S" tw-apply-errors)
              (tw-check (equal (gethash (cdr sub) tw-snapshots) listed)
                        "%s: the diffed snapshot is view/list\n  diffed: %S\n  listed: %S"
                        (car sub) (gethash (cdr sub) tw-snapshots) listed)))
          (tw-check (>= tw-notifications 5) "view/changed notifications: %d" tw-notifications)
          (tw-check (equal (tw-titles (funcall call :view/list '(:view "inbox")))
                           '(("inbox" "inbox task 2" "inbox task")))
                    "inbox order")
          (let ((code (condition-case err (progn (funcall call :task/get '(:id 999)) nil)
                        (jsonrpc-error (alist-get 'jsonrpc-error-code (cdr err))))))
            (tw-check (equal code -32010) "task/get 999: code %S" code))
          (tw-check (null (funcall call :shutdown nil)) "shutdown result")
          (jsonrpc-notify conn :exit nil)
          (let ((deadline (+ (float-time) 5)))
            (while (and (process-live-p proc) (< (float-time) deadline))
              (accept-process-output proc 0.05)))
          (tw-check (not (process-live-p proc)) "the server did not exit")
          (tw-check (eq (process-exit-status proc) 0) "exit code %S" (process-exit-status proc))
          (let ((log (with-current-buffer stderr (buffer-string))))
            (tw-check (not (string-match-p "notification .* failed" log))
                      "housekeeping notifications are accepted silently; stderr:\n%s" log)))
      (when (process-live-p proc) (delete-process proc)))))

(condition-case err
    (progn (tw-scenario) (princ "ok\n") (kill-emacs 0))
  (error (princ (format "%s\n" (if (eq (car err) 'tw-failed) (cadr err) err)))
         (kill-emacs 1)))

;;; jsonrpc_el_client.el ends here
