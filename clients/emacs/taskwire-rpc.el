;;; taskwire-rpc.el --- The taskwire server process, driven by jsonrpc.el  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; One taskwire server per Emacs, spawned on first use and spoken to
;; through the built-in `jsonrpc.el' (LSP framing, which the server
;; detects from the first bytes).  JSON objects arrive as plists,
;; arrays as vectors, null as nil and false as `:json-false'.
;;
;; Requests are synchronous (`taskwire-rpc-request'): the server
;; answers a local request in a millisecond or two.  The `view/changed'
;; notifications a change causes are written after its reply and reach
;; the handlers registered with `taskwire-rpc-on-notification'.

;;; Code:

(require 'jsonrpc)
(require 'seq)
(require 'subr-x)
(require 'taskwire-catalogue)

(defgroup taskwire nil
  "The taskwire task manager."
  :group 'applications
  :prefix "taskwire-")

(defcustom taskwire-server-program nil
  "The taskwire server executable.
nil means $TASKWIRE when set, else \"taskwire\" on the variable `exec-path'."
  :type '(choice (const :tag "$TASKWIRE, else taskwire on the path" nil)
                 (file :tag "Executable"))
  :group 'taskwire)

(defcustom taskwire-store nil
  "The store the server opens (passed as --db).
nil means the server's default store, $XDG_DATA_HOME/taskwire/tasks.sqlite
\(else ~/.local/share/taskwire/tasks.sqlite), which the shell client, Vim,
Neovim and the desktop app use too.  A path that does not exist yet
becomes a new, empty store; a postgresql:// URL names a shared store."
  :type '(choice (const :tag "The server's default store" nil)
                 (string :tag "Path or URL"))
  :group 'taskwire)

(defcustom taskwire-server-arguments nil
  "Further arguments for the server, e.g. (\"--time-zone\" \"Europe/Berlin\")."
  :type '(repeat string)
  :group 'taskwire)

(defcustom taskwire-language nil
  "The session's language: \"en\", \"de\", or nil.
nil follows `current-language-environment' (German gives \"de\",
everything else English)."
  :type '(choice (const :tag "Follow the language environment" nil)
                 (const :tag "English" "en")
                 (const :tag "German" "de")
                 (string :tag "Other (BCP 47)"))
  :group 'taskwire)

(defvar taskwire-show-reminders)        ; taskwire-reminders.el

(defvar taskwire-rpc--connection nil
  "The `jsonrpc-process-connection' to the running server, or nil.")

(defvar taskwire-rpc--process nil
  "The server process, or nil.")

(defvar taskwire-rpc--server nil
  "The server's `initialize' result (a plist).")

(defvar taskwire-rpc--handlers nil
  "Alist of notification method (a symbol) to its handler functions.")

(defvar taskwire-rpc-start-hook nil
  "Functions called with no arguments when a server has been initialized.")

(defvar taskwire-rpc-exit-hook nil
  "Functions called with no arguments when the server process ends.")

(defconst taskwire-rpc-client-version "0.1.0"
  "The version this client gives in `initialize'.")

(defun taskwire-rpc-locale ()
  "The locale to ask the server for, from `taskwire-language'."
  (or taskwire-language
      (let ((env (or current-language-environment "")))
        (cond ((string-match-p "\\`German" env) "de")
              (t "en")))))

(defun taskwire-rpc-command ()
  "The server's command line, a list of strings."
  (let ((program (or taskwire-server-program
                     (let ((env (getenv "TASKWIRE")))
                       (and env (not (string-empty-p env)) env))
                     (executable-find "taskwire")
                     "taskwire")))
    (append (list program)
            (and taskwire-store (list "--db" (expand-file-name taskwire-store)))
            taskwire-server-arguments)))

(defun taskwire-rpc-on-notification (method function)
  "Call FUNCTION with the params of every METHOD notification.
METHOD is a symbol, e.g. `view/changed'."
  (let ((cell (assq method taskwire-rpc--handlers)))
    (if cell
        (unless (memq function (cdr cell)) (push function (cdr cell)))
      (push (list method function) taskwire-rpc--handlers))))

(defun taskwire-rpc--dispatch (_connection method params)
  "Hand the notification METHOD with PARAMS to its handlers."
  (dolist (function (cdr (assq method taskwire-rpc--handlers)))
    (condition-case err
        (funcall function params)
      (error (taskwire-rpc-message "%s" (taskwire-text "emacs.error.handler" :what method
                                                       :error (error-message-string err)))))))

(defun taskwire-rpc-live-p ()
  "Return non-nil when a server is running."
  (and taskwire-rpc--connection
       (jsonrpc-running-p taskwire-rpc--connection)))

(defun taskwire-rpc--stderr-tail ()
  "The last line the server wrote on stderr, or nil."
  (let ((buffer (get-buffer " *taskwire stderr*")))
    (when buffer
      (let ((pipe (get-buffer-process buffer)))
        (when (process-live-p pipe) (accept-process-output pipe 0.1)))
      (with-current-buffer buffer
        (let ((lines (split-string (buffer-string) "\n" t "[ \t\r]+")))
          (car (last (seq-remove (lambda (line) (string-prefix-p "Process taskwire" line))
                                 lines))))))))

(defun taskwire-rpc--on-shutdown (connection)
  "CONNECTION's server ended: forget it and run `taskwire-rpc-exit-hook'.
Nothing to do for a server `taskwire-rpc-stop' ended."
  (when (eq connection taskwire-rpc--connection)
    (let ((process taskwire-rpc--process))
      (setq taskwire-rpc--connection nil
            taskwire-rpc--server nil)
      (taskwire-rpc-message
       "%s" (taskwire-text "emacs.server.restartHint"
                           :message (taskwire-rpc--ended
                                     (and process (memq (process-status process) '(exit signal))
                                          (process-exit-status process)))))
      (run-hooks 'taskwire-rpc-exit-hook))))

(defun taskwire-rpc--ended (&optional code)
  "\"The server ended\", with the exit CODE and its last words on stderr."
  (let ((reason (delq nil (list (and code (taskwire-text "emacs.server.exitCode" :code code))
                                (taskwire-rpc--stderr-tail)))))
    (if reason
        (taskwire-text "emacs.server.endedBecause" :reason (string-join reason ": "))
      (taskwire-text "emacs.server.ended"))))

(defun taskwire-rpc--fetch-offline ()
  "Load the catalogue from a throwaway server, the real one having said none."
  (let* ((program (car (taskwire-rpc-command)))
         (result (taskwire-catalogue-fetch-offline
                  (if (file-name-absolute-p program) program (executable-find program))
                  (taskwire-rpc-locale))))
    (when result (taskwire-catalogue-set result))))

(setq taskwire-catalogue-fallback-function #'taskwire-rpc--fetch-offline)

(defun taskwire-rpc-fetch-catalogue ()
  "Ask the server for the catalogue of the session's language, and use it."
  (taskwire-catalogue-set (taskwire-rpc-request 'catalogue/get nil)))

(defun taskwire-rpc-start ()
  "Start the server and initialize the session, unless one is running."
  (unless (taskwire-rpc-live-p)
    (let* ((command (taskwire-rpc-command))
           (program (car command))
           ;; jsonrpc.el takes the buffer of this name as the stderr
           ;; buffer, and hides it as " *taskwire stderr*"
           (stderr (get-buffer-create "*taskwire stderr*"))
           (process
            (condition-case err
                (progn
                  ;; a program that cannot run: Emacs's own error for it
                  (unless (if (file-name-absolute-p program)
                              (file-executable-p program)
                            (executable-find program))
                    (call-process program nil 0))
                  (make-process :name "taskwire" :command command
                                :connection-type 'pipe
                                :coding 'utf-8-emacs-unix
                                :noquery t :stderr stderr))
              ;; with no catalogue yet (no server to ask), Emacs's words alone
              (file-error
               (user-error "%s" (if taskwire-catalogue
                                    (taskwire-text "emacs.error.cannotStart" :program program
                                                   :error (error-message-string err))
                                  (error-message-string err)))))))
      (setq taskwire-rpc--process process)
      (setq taskwire-rpc--connection
            (let ((args (list :name "taskwire" :process process
                              :notification-dispatcher #'taskwire-rpc--dispatch
                              :request-dispatcher #'ignore
                              :on-shutdown #'taskwire-rpc--on-shutdown)))
              ;; No log of every message, where this jsonrpc.el has the option.
              (condition-case nil
                  (apply #'make-instance 'jsonrpc-process-connection
                         :events-buffer-scrollback-size 0 args)
                (invalid-slot-name
                 (apply #'make-instance 'jsonrpc-process-connection args)))))
      (let ((init (taskwire-rpc-request
                   'initialize
                   (list :clientInfo (list :name "taskwire.el"
                                           :version taskwire-rpc-client-version)
                         :protocolVersion "1"
                         :locale (taskwire-rpc-locale)
                         :initializationOptions
                         (list :displayParts t
                               ;; reminder notifications (taskwire-reminders.el)
                               :reminders (if (and (boundp 'taskwire-show-reminders)
                                                   taskwire-show-reminders)
                                              t
                                            :json-false))))))
        (setq taskwire-rpc--server init)
        (taskwire-rpc-fetch-catalogue)
        (when (plist-get init :newStore)
          (display-warning 'taskwire (taskwire-text "message.newStore"
                                                    :path (plist-get init :newStore)))))
      (run-hooks 'taskwire-rpc-start-hook))))

(defun taskwire-rpc-wait (predicate &optional seconds)
  "Read the server's output until PREDICATE is non-nil, at most SECONDS (1).
Return PREDICATE's last value."
  (let ((deadline (+ (float-time) (or seconds 1.0)))
        (value nil))
    (while (and (not (setq value (funcall predicate)))
                (process-live-p taskwire-rpc--process)
                (< (float-time) deadline))
      (accept-process-output taskwire-rpc--process 0.02))
    value))

(defun taskwire-rpc-server ()
  "The `initialize' result of the running server (starting one if needed)."
  (taskwire-rpc-start)
  taskwire-rpc--server)

(defun taskwire-rpc-stop ()
  "End the server (`shutdown', then `exit')."
  (let ((connection taskwire-rpc--connection)
        (process taskwire-rpc--process))
    (setq taskwire-rpc--connection nil
          taskwire-rpc--server nil)
    (when (and connection (process-live-p process))
      (ignore-errors (jsonrpc-request connection 'shutdown nil :timeout 2))
      (ignore-errors (jsonrpc-notify connection 'exit nil))
      (let ((deadline (+ (float-time) 2)))
        (while (and (process-live-p process) (< (float-time) deadline))
          (accept-process-output process 0.05)))
      (when (process-live-p process) (delete-process process)))
    (when connection
      (run-hooks 'taskwire-rpc-exit-hook))))

(defun taskwire-rpc-set-locale (locale)
  "Make LOCALE (\"en\", \"de\") the session's language; return the one in use."
  (let ((result (taskwire-rpc-request 'locale/set (list :locale locale))))
    (setq taskwire-rpc--server (plist-put taskwire-rpc--server :locale
                                          (plist-get result :locale)))
    (taskwire-rpc-fetch-catalogue)
    (plist-get result :locale)))

(defconst taskwire-rpc--prefixes
  (concat "\\`\\(?:Invalid params\\|Invalid request\\|Parse error\\|Method not found\\|"
          "Internal error\\|Ungültige Parameter\\|Ungültige Anfrage\\|Lesefehler\\|"
          "Unbekannte Methode\\|Interner Fehler\\): ")
  "The JSON-RPC prefixes a person does not need.")

(define-error 'taskwire-error "taskwire")

(defun taskwire-rpc-message (format-string &rest args)
  "Show \"taskwire: \" and FORMAT-STRING formatted with ARGS, quotes as typed."
  (message "%s" (concat "taskwire: " (apply #'format format-string args))))

(defcustom taskwire-request-timeout 10
  "Seconds to wait for the server's reply to a request."
  :type 'number
  :group 'taskwire)

(defun taskwire-rpc-request (method params)
  "Send METHOD (a symbol) with PARAMS (a plist or nil); return the result.
An error reply signals `taskwire-error' with the server's message
\(without the protocol's prefix) and its code in the data.

The reply is waited for here rather than with `jsonrpc-request',
which leaves the notifications that arrive with a reply unread until
the server writes again."
  (unless (taskwire-rpc-live-p)
    (unless (eq method 'initialize) (taskwire-rpc-start)))
  (let ((done nil) (result nil) (failure nil)
        (process taskwire-rpc--process))
    ;; (a server that ended before the request went out, as one that
    ;; cannot open its store may: said as an ended server, below)
    (condition-case err
        (jsonrpc-async-request
         taskwire-rpc--connection method params
         :success-fn (lambda (value) (setq done t result value))
         :error-fn (lambda (error) (setq done t failure error))
         :timeout-fn (lambda ()
                       (setq done t failure
                             (list :message (taskwire-text "emacs.error.timeout" :method method
                                                           :seconds taskwire-request-timeout))))
         :timeout taskwire-request-timeout)
      (error (when (process-live-p process) (signal (car err) (cdr err)))))
    (while (and (not done) (process-live-p process))
      (accept-process-output process 0.05))
    (cond ((and (not (process-live-p process))
                (or (not done) (equal (plist-get failure :message) "Server died")))
           (signal 'taskwire-error (list (taskwire-rpc--ended) nil)))
          (failure
           (signal 'taskwire-error
                   (list (replace-regexp-in-string taskwire-rpc--prefixes ""
                                                   (or (plist-get failure :message) "error"))
                         (plist-get failure :code))))
          (t result))))

(defun taskwire-rpc-error-code (err)
  "The JSON-RPC code of the `taskwire-error' ERR, or nil."
  (nth 2 err))

(provide 'taskwire-rpc)
;;; taskwire-rpc.el ends here
