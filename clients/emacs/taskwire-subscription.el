;;; taskwire-subscription.el --- View buffers kept live by subscriptions  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; Each view buffer (taskwire-view.el) is kept live by a
;; `view/subscribe' subscription: each `view/changed' notification is
;; applied to the buffer's snapshot (taskwire-diff.el) and the buffer
;; is redrawn in place.  A version gap or an op that does not fit
;; lists the view again.  The filter query of a buffer
;; (taskwire-filter.el) goes with its subscription; a server that ends
;; takes the subscriptions with it, and a new one subscribes the open
;; buffers again.  `taskwire-view-open' makes a view's buffer and
;; subscribes it.

;;; Code:

(require 'subr-x)
(require 'taskwire-catalogue)
(require 'taskwire-rpc)
(require 'taskwire-diff)
(require 'taskwire-filter)
(require 'taskwire-view)

(defvar taskwire-view--subscriptions (make-hash-table)
  "Subscription id -> its buffer.")

(defun taskwire-view--set-snapshot (listed)
  "Make LISTED (a `view/list' result) the buffer's snapshot and redraw."
  (setq taskwire-view-snapshot (taskwire-diff-normalize listed))
  (taskwire-view-redraw)
  (run-hook-with-args 'taskwire-view-changed-functions taskwire-view-name))

(defun taskwire-view--params ()
  "The `view/list' and `view/subscribe' params of the current buffer."
  (pcase-let ((`(,filter . ,sort) (taskwire-filter-parse taskwire-view-query)))
    (append (list :view taskwire-view-name)
            (and taskwire-view-item (list (intern (concat ":" taskwire-view-name))
                                          taskwire-view-item))
            (and filter (list :filter filter))
            (and sort (list :sort sort)))))

(defun taskwire-view-sync ()
  "Subscribe the current buffer to its view, or list it again when subscribed."
  (if taskwire-view-subscription
      (taskwire-view--set-snapshot
       (taskwire-rpc-request 'view/list (taskwire-view--params)))
    (let ((result (taskwire-rpc-request 'view/subscribe (taskwire-view--params))))
      (setq taskwire-view-subscription (plist-get result :subscription))
      (puthash taskwire-view-subscription (current-buffer) taskwire-view--subscriptions)
      (taskwire-view--set-snapshot (plist-get result :snapshot)))))

(defun taskwire-view--relist-later (buffer)
  "List BUFFER's view again once the notification being handled is done."
  (run-at-time 0 nil (lambda ()
                       (when (buffer-live-p buffer)
                         (with-current-buffer buffer
                           (condition-case err
                               (taskwire-view-sync)
                             (taskwire-error (taskwire-rpc-message "%s" (cadr err)))))))))

(defun taskwire-view--on-changed (params)
  "Apply the `view/changed' PARAMS to the buffer of its subscription."
  (let ((buffer (gethash (plist-get params :subscription) taskwire-view--subscriptions)))
    (when (and buffer (buffer-live-p buffer))
      (with-current-buffer buffer
        (when (and taskwire-view-snapshot
                   (> (plist-get params :to) (plist-get taskwire-view-snapshot :version)))
          (condition-case nil
              (progn (taskwire-diff-apply taskwire-view-snapshot params)
                     (taskwire-view-redraw)
                     (run-hook-with-args 'taskwire-view-changed-functions
                                         taskwire-view-name))
            (taskwire-diff-mismatch (taskwire-view--relist-later buffer))))))))

(taskwire-rpc-on-notification 'view/changed #'taskwire-view--on-changed)

(defun taskwire-view--unsubscribe ()
  "End the current buffer's subscription (the buffer is being killed)."
  (when taskwire-view-subscription
    (remhash taskwire-view-subscription taskwire-view--subscriptions)
    (when (taskwire-rpc-live-p)
      (ignore-errors
        (taskwire-rpc-request 'view/unsubscribe
                              (list :subscription taskwire-view-subscription))))
    (setq taskwire-view-subscription nil)))

(defun taskwire-view-set-query (query)
  "Show the current buffer's view filtered and sorted by QUERY (\"\" clears)."
  (let ((query (string-trim query)))
    (taskwire-filter-parse query)       ; a word it cannot read stops here
    (taskwire-view--unsubscribe)
    (setq taskwire-view-query query
          header-line-format
          (and (not (string-empty-p query))
               '(:eval (concat " " (taskwire-text "emacs.header.filter"
                                                  :query taskwire-view-query)))))
    (taskwire-view-sync)))

(defun taskwire-view--on-server-exit ()
  "The server ended, and its subscriptions with it."
  (clrhash taskwire-view--subscriptions)
  (dolist (buffer (buffer-list))
    (with-current-buffer buffer
      (when (derived-mode-p 'taskwire-view-mode)
        (setq taskwire-view-subscription nil)))))

(add-hook 'taskwire-rpc-exit-hook #'taskwire-view--on-server-exit)

(defun taskwire-view--on-server-start ()
  "Subscribe the open view buffers again (a new server started)."
  (dolist (buffer (buffer-list))
    (with-current-buffer buffer
      (when (and (derived-mode-p 'taskwire-view-mode) taskwire-view-name
                 (not taskwire-view-subscription))
        (condition-case err
            (taskwire-view-sync)
          (taskwire-error (taskwire-rpc-message "%s" (cadr err))))))))

(add-hook 'taskwire-rpc-start-hook #'taskwire-view--on-server-start)

(defun taskwire-view-open (name &optional item)
  "The buffer of view NAME, made and subscribed when needed.
ITEM is the id of the project or area, for their views (\"project\",
\"area\")."
  (unless (if (member name taskwire-view-item-names)
              (integerp item)
            (member name taskwire-view-names))
    (user-error "%s" (taskwire-text "emacs.error.noView" :view name
                                    :views (string-join taskwire-view-names ", "))))
  (unless (member name taskwire-view-item-names) (setq item nil))
  (taskwire-rpc-start)
  (let ((buffer (or (taskwire-view-buffer name item)
                    (if item
                        (generate-new-buffer (taskwire-view-buffer-name
                                              name (number-to-string item)))
                      (get-buffer-create (taskwire-view-buffer-name name))))))
    (with-current-buffer buffer
      (unless (derived-mode-p 'taskwire-view-mode)
        (let ((inhibit-read-only t)) (erase-buffer))
        (taskwire-view-mode)
        (setq taskwire-view-name name
              taskwire-view-item item)
        (taskwire-view-redraw))
      (unless taskwire-view-subscription
        (taskwire-view-sync)))
    buffer))

(provide 'taskwire-subscription)
;;; taskwire-subscription.el ends here
