import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import {
  Button as AriaButton,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from "react-aria-components";
import { chooseCompany } from "../../lib/session/session";
import { useSession } from "../../lib/session/use-session";
import fieldStyles from "../../ui/field.module.css";
import { FormActions } from "../../ui/form-actions";
import { Modal, modalStyles } from "../../ui/modal";
import styles from "./select.module.css";

interface Props {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Change company (spec section 2): the user's groups; Save stores the choice and reloads. */
export function ChangeCompanyDialog({ isOpen, onOpenChange }: Props) {
  const { t } = useLingui();
  const { user, company } = useSession();
  const groups = user?.groups ?? [];
  const [selected, setSelected] = useState<number | null>(company?.id ?? groups[0]?.id ?? null);

  const handleSave = () => {
    const group = groups.find((candidate) => candidate.id === selected);
    if (!group) return;
    chooseCompany(group);
    window.location.reload();
  };

  return (
    <Modal title={t`Change company`} isOpen={isOpen} onOpenChange={onOpenChange}>
      <div className={modalStyles.body}>
        <Select
          className={fieldStyles.field}
          selectedKey={selected}
          onSelectionChange={(key) => setSelected(typeof key === "number" ? key : Number(key))}
        >
          <Label className={fieldStyles.label}>
            <Trans>Company</Trans>
          </Label>
          <AriaButton className={`${fieldStyles.input} ${styles.trigger}`}>
            <SelectValue />
            <span aria-hidden="true">▾</span>
          </AriaButton>
          <Popover className={styles.popover}>
            <ListBox className={styles.list} items={groups}>
              {(group) => (
                <ListBoxItem id={group.id} className={styles.option} textValue={group.name}>
                  {group.name}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </Select>
        <FormActions onSave={handleSave} saveDisabled={selected === null} />
      </div>
    </Modal>
  );
}
