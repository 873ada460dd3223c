from hydra.utils import instantiate
from omegaconf import OmegaConf

ALLOWED = ["torch.optim.*", "torch.optim.lr_scheduler.*", "myproj.models.*"]


def build(path: str = "conf/optim.yaml"):
    cfg = OmegaConf.load(path)
    model = instantiate(cfg.model, _target_whitelist_=ALLOWED)
    opt = instantiate(cfg.optimizer, params=model.parameters(), _target_whitelist_=ALLOWED)
    sched = instantiate(cfg.scheduler, optimizer=opt, _target_whitelist_=ALLOWED)
    return model, opt, sched
