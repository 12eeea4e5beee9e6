/**
 * Users (/users, spec 02 "Users"): username, name, last name and actions (edit, delete after
 * confirming), pages of 10 with the shared pager, page in the URL. Online only: administration
 * is not mirrored on devices. Adding and deleting need addExp (spec section 6).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { z } from "zod";
import type { AdminUser } from "../../../shared/contract/users";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { notify, notifyError } from "../../lib/notices";
import { useSession } from "../../lib/session/use-session";
import { buttonClass } from "../../ui/button";
import { Icon } from "../../ui/icons";
import { ConfirmDialog } from "../../ui/list/confirm-dialog";
import { EmptyState } from "../../ui/list/empty-state";
import type { ListColumn } from "../../ui/list/list-column";
import { ListTable } from "../../ui/list/list-table";
import styles from "../../ui/list/list-table.module.css";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import { pageCountOf } from "../../ui/list/page-window";
import { Pager } from "../../ui/list/pager";
import { RowAction } from "../../ui/list/row-action";
import { useConfirmedDelete } from "../../ui/list/use-confirmed-delete";
import { useUrlFilters } from "../../ui/list/use-url-filters";
import pageStyles from "../../ui/page.module.css";
import { deleteUser, listUsers, USERS_PAGE_SIZE } from "./api";
import userStyles from "./users.module.css";

export const UsersSearch = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .catch(() => undefined),
});

export function UsersPage() {
  const { t } = useLingui();
  const session = useSession();
  const canManage = session.can("addExp");
  const { page, setPage } = useUrlFilters(UsersSearch);
  const companyId = session.company?.id;

  // Loaded again when the company changes.
  const users = useRemoteData(`${companyId}|${page}`, (signal) => listUsers(page, signal), {
    keepPrevious: true,
    onError: (error) => {
      console.error("Loading the users failed", error);
      notifyError(error);
    },
  });
  const rows = users.data?.results ?? (users.error ? [] : null);
  const count = users.data?.count ?? 0;

  const deletion = useConfirmedDelete<AdminUser>({
    remove: async (user) => {
      await deleteUser(user.id);
      notify("success", t`Users`, t`User ${user.username} deleted`);
    },
    onError: (error) => {
      console.error("Deleting the user failed", error);
      notifyError(error);
    },
    onSettled: () => void users.reload(),
  });

  const pageCount = pageCountOf(count, USERS_PAGE_SIZE);
  const myId = session.user?.id;
  const columns: ListColumn<AdminUser>[] = [
    { id: "username", header: t`Username`, mono: true, cell: (user) => user.username },
    { id: "first_name", header: t`Name`, cell: (user) => user.first_name },
    { id: "last_name", header: t`Last name`, cell: (user) => user.last_name },
    {
      id: "actions",
      header: t`Actions`,
      action: true,
      className: userStyles.actions,
      cell: (user) => (
        <>
          <Link
            to="/user/{-$id}"
            params={{ id: String(user.id) }}
            className={styles.iconButton}
            aria-label={t`Edit user ${user.username}`}
          >
            <Icon name="edit" size={22} />
          </Link>
          {canManage && user.id !== myId ? (
            <RowAction
              icon="trash"
              danger
              label={t`Delete user ${user.username}`}
              onPress={() => deletion.ask(user)}
            />
          ) : null}
        </>
      ),
    },
  ];
  return (
    <section className={pageStyles.page} aria-labelledby="users-title">
      <div className={userStyles.header}>
        <h1 id="users-title" className={pageStyles.title}>
          <Trans>Users</Trans>
        </h1>
        {canManage ? (
          <Link to="/user/{-$id}" params={{ id: undefined }} className={buttonClass("primary")}>
            <Trans>Add user</Trans>
          </Link>
        ) : null}
      </div>
      {rows === null ? (
        <LoadingIndicator />
      ) : rows.length === 0 ? (
        <EmptyState message={<Trans>No users found</Trans>} />
      ) : (
        <ListTable rows={rows} columns={columns} rowKey={(user) => user.id} caption={t`Users`} />
      )}
      <Pager page={page} pageCount={pageCount} onPageChange={setPage} />
      <ConfirmDialog
        message={t`Are you sure you want to DELETE the user?`}
        detail={deletion.target ? deletion.target.username : null}
        {...deletion.dialog}
      />
    </section>
  );
}
